// Type tests: inject() answers typed by the handler's result; HandlerData unwraps a RestResponse
// and leaves errors out.
import { describe, expectTypeOf, it } from 'vitest';
import { createRestServer, type HandlerData, type InjectResponse, type RestError, type RestResponse } from '../../src/index.js';

interface Product {
  id: number;
  name: string;
}

type GetProduct = () => Promise<Product | RestError>;
type CreateProduct = () => RestResponse<Product>;

describe('typed inject answers', () => {
  it('unwraps data from a handler answering data or an error', () => {
    expectTypeOf<HandlerData<GetProduct>>().toEqualTypeOf<Product>();
  });

  it('unwraps data from a handler answering a RestResponse', () => {
    expectTypeOf<HandlerData<CreateProduct>>().toEqualTypeOf<Product>();
  });

  it('types inject().data by the type given, unknown by default', async () => {
    const server = createRestServer({ site: { name: 'x', url: 'http://x.test' } });
    const typed = await server.inject<HandlerData<GetProduct>>({ path: '/shop/v1/products/7' });
    expectTypeOf(typed.data.name).toEqualTypeOf<string>();
    const plain = await server.inject({ path: '/' });
    expectTypeOf(plain).toEqualTypeOf<InjectResponse<unknown>>();
  });
});
