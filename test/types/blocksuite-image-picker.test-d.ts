// Type tests: the image picker's route table names its one handler and types the args it declares,
// which the plugin's sanitize callbacks turn into text and image sizes.
import { describe, expectTypeOf, it } from 'vitest';
import type { Handlers } from '../../src/namespaces/define.js';
import { type BlocksuiteImagePickerHandlerName, blocksuiteImagePickerRoutes } from '../../src/namespaces/blocksuite-image-picker/routes.js';

type RequestOf<H> = H extends (request: infer R, ...rest: never[]) => unknown ? R : never;
type Params = RequestOf<Handlers<typeof blocksuiteImagePickerRoutes>['processImages']>['params'];

describe('blocksuite-image-picker handlers typed by their route table', () => {
  it('names processImages, with page and per_page always there and image_type as text', () => {
    expectTypeOf<BlocksuiteImagePickerHandlerName>().toEqualTypeOf<'processImages'>();
    expectTypeOf<Params['page']>().toEqualTypeOf<number>();
    expectTypeOf<Params['image_type']>().toEqualTypeOf<string | undefined>();
  });
});
