// Runs one autocannon round in a process of its own (plain node, no loader): the load then
// shares no event loop with the bench that starts it. Options come as JSON in argv[2]; the
// result goes to stdout as JSON.
import autocannon from 'autocannon';

const result = await autocannon(JSON.parse(process.argv[2]));
process.stdout.write(JSON.stringify(result));
