// The previous majors of Express and Koa, installed under aliases so every adapter test also runs
// against them; their APIs used here are the same as the current majors', whose types serve.
declare module 'express4' {
  import express from 'express';
  export default express;
}
declare module 'koa2' {
  import Koa from 'koa';
  export default Koa;
}
