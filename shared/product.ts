/** The product's name, used wherever the spec says '{the product}' (DECISIONS 18). */
export const PRODUCT_NAME = 'Trobly';
