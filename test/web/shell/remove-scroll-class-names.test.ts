import { RemoveScroll as library } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll } from '../../../web/src/app/shell/remove-scroll-class-names';

describe('the class names the app shell takes in place of react-remove-scroll', () => {
  it('are the ones the library’s scroll lock keeps clear of the scroll bar', () => {
    expect(RemoveScroll.classNames).toEqual(library.classNames);
    expect(RemoveScroll.classNames.zeroRight).toBe('right-scroll-bar-position');
  });
});
