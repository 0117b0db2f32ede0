// Type tests: inject() answers typed by the handler's result; HandlerData unwraps a RestResponse
// and leaves errors out.
import { describe, expectTypeOf, it } from 'vitest';
import { createRestServer, respond, restError, type HandlerData, type InjectResponse } from '../../src/index.js';

interface Product {
  id: number;
  name: string;
}

const getProduct = async (): Promise<Product | ReturnType<typeof restError>> => ({ id: 7, name: 'Mug' });
const createProduct = () => respond<Product>({ id: 8, name: 'Cup' }, 201);

describe('typed inject answers', () => {
  it('unwraps data from a handler answering data or an error', () => {
    expectTypeOf<HandlerData<typeof getProduct>>().toEqualTypeOf<Product>();
  });

  it('unwraps data from a handler answering a RestResponse', () => {
    expectTypeOf<HandlerData<typeof createProduct>>().toEqualTypeOf<Product>();
  });

  it('types inject().data by the type given, unknown by default', async () => {
    const server = createRestServer({ site: { name: 'x', url: 'http://x.test' } });
    const typed = await server.inject<HandlerData<typeof getProduct>>({ path: '/shop/v1/products/7' });
    expectTypeOf(typed.data.name).toEqualTypeOf<string>();
    const plain = await server.inject({ path: '/' });
    expectTypeOf(plain).toEqualTypeOf<InjectResponse<unknown>>();
  });
});
