import { memoryStore } from '../src/index.js';
import { describeStoreContract } from './helpers/store-contract.js';

describeStoreContract('memoryStore()', ({ now }) => memoryStore({ now }));
