import { App } from 'aws-cdk-lib';
import { createAppStacks } from '../lib/app-stacks';
import { validateStage } from '../lib/stage';

const app = new App();
createAppStacks(app, validateStage(app.node.tryGetContext('stage') ?? 'dev'));
