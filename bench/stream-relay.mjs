// The floor for relaying a model's stream (bench/stream-load.ts): plain node:http, no framework.
// Each POST asks the model (the OpenAI Responses API at the URL given as the first argument) and
// passes each text delta on as an SSE `delta` event, then `done` with the whole text.
import { Agent, createServer, request } from 'node:http';

const [modelBase] = process.argv.slice(2);
const agent = new Agent({ keepAlive: true });

createServer((req, res) => {
  if (req.url === '/api/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
    return;
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const { query } = JSON.parse(body);
    const upstream = request(
      `${modelBase}/responses`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
      },
      (answer) => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        let pending = '';
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk) => {
          pending += chunk;
          let end = pending.indexOf('\n\n');
          while (end !== -1) {
            const frame = pending.slice(0, end);
            pending = pending.slice(end + 2);
            const event = JSON.parse(frame.slice(frame.indexOf('data: ') + 6));
            if (event.type === 'response.output_text.delta') {
              text += event.delta;
              res.write(`event: delta\ndata: ${JSON.stringify({ text: event.delta })}\n\n`);
            }
            end = pending.indexOf('\n\n');
          }
        });
        answer.on('end', () => {
          res.end(`event: done\ndata: ${JSON.stringify({ response: text })}\n\n`);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(JSON.stringify({ model: 'gpt-bench', input: query, stream: true }));
  });
}).listen(Number(process.env.PORT ?? 3998), '127.0.0.1');
