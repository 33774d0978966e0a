import http from 'node:http'

/** One customer of the rush: a signed-in session and the one Idempotency-Key all its attempts carry. */
export interface Customer {
  index: number
  userId: string
  cookie: string
  key: string
  attempts: number
  /** The first 2xx answer: what the site promised this customer. */
  ack?: Ack
  gaveUp?: boolean
}

export interface Ack {
  code: number
  id: string
  userId: string
  status: string
  receiptNumber: string
}

type Task = { customer: Customer; kind: 'register' | 'replay' }

interface Answer {
  code: number
  body: string
  retryAfter: number
}

const MAX_ATTEMPTS = 200
const REQUEST_TIMEOUT_MS = 30_000

/** Where the load goes: a league's registrations, or (`teams`) its team entries, each customer captaining a team. */
interface LoadTarget {
  port: number
  origin: string
  leagueId: string
  teams: boolean
}

/**
 * The registration load: `connections` clients, each taking the next customer. An attempt the
 * kill cut off (reset, refused) or that was refused with 503 is tried again with the same key
 * once the server is back; any other non-2xx answer is recorded as unexpected. A replay re-sends
 * an acknowledged request and must get the same registration back.
 */
export function createLoad(opts: LoadTarget & { connections: number; serverUp: () => Promise<void> }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections })
  const queue: Task[] = []
  let outstanding = 0
  let accepting = true
  const figures = {
    requests: 0,
    retries: 0,
    cutOff: 0,
    busy: 0,
    /** First acknowledgements that were a 200: an earlier attempt committed, its answer was lost. */
    lostAnswers: 0,
    replays: 0,
    acknowledged: 0,
  }
  const unexpected = new Map<string, number>()
  /** Replays that did not get the first acknowledgement back. */
  const changedReplays: string[] = []
  /** 2xx answers that cannot be right: someone else's registration, a 200 for a first attempt. */
  const wrongAnswers: string[] = []

  function add(customer: Customer, kind: Task['kind']): void {
    queue.push({ customer, kind })
    outstanding++
  }

  async function attempt(task: Task): Promise<void> {
    const { customer } = task
    customer.attempts++
    figures.requests++
    if (customer.attempts > 1 && task.kind === 'register') figures.retries++
    const answer = await post(agent, opts, customer)
    if (answer.code === 200 || answer.code === 201) return settle(task, answer)
    if (answer.code === 0) figures.cutOff++
    else if (answer.code === 503) figures.busy++
    else count(unexpected, `${answer.code} ${answer.body.slice(0, 160)}`)
    if (customer.attempts >= MAX_ATTEMPTS) {
      customer.gaveUp = true
      outstanding--
      return
    }
    await pause(answer)
    queue.unshift(task)
  }

  function settle({ customer, kind }: Task, answer: Answer): void {
    outstanding--
    const ack = parseAck(answer, opts.teams)
    if (ack.userId !== customer.userId) wrongAnswers.push(`customer ${customer.index}: answered with another person's registration ${ack.id}`)
    if (kind === 'replay') {
      figures.replays++
      const first = customer.ack!
      if (ack.code !== 200 || ack.id !== first.id || ack.status !== first.status) {
        changedReplays.push(`customer ${customer.index}: replay answered ${ack.code} ${ack.id} ${ack.status}, first answer was ${first.id} ${first.status}`)
      }
      return
    }
    customer.ack = ack
    figures.acknowledged++
    if (ack.code === 201) return
    if (customer.attempts === 1) wrongAnswers.push(`customer ${customer.index}: first ever attempt answered 200 (registration ${ack.id} already existed)`)
    else figures.lostAnswers++
  }

  async function pause(answer: Answer): Promise<void> {
    if (answer.code === 503) return sleep(answer.retryAfter * 1000)
    await sleep(10 + Math.random() * 20)
    await opts.serverUp()
  }

  async function client(): Promise<void> {
    for (;;) {
      const task = queue.shift()
      if (task) await attempt(task)
      else if (outstanding === 0 && !accepting) return
      else await sleep(5)
    }
  }

  return {
    figures,
    unexpected,
    changedReplays,
    wrongAnswers,
    register: (customer: Customer) => add(customer, 'register'),
    replay: (customer: Customer) => add(customer, 'replay'),
    idle: () => outstanding === 0,
    /** Runs until every task added, before or while running, is done and `finish` was called. */
    run: async () => {
      await Promise.all(Array.from({ length: opts.connections }, client))
    },
    finish: () => {
      accepting = false
    },
    close: () => agent.destroy(),
  }
}

/** What the answer promised: the registration, or for a team its entry in the league and its captain. */
function parseAck(answer: Answer, teams: boolean): Ack {
  if (teams) {
    const { team } = JSON.parse(answer.body) as { team: { captain: { userId: string }; entry: { registrationId: string; status: string; receiptNumber: string } } }
    return { code: answer.code, id: team.entry.registrationId, userId: team.captain.userId, status: team.entry.status, receiptNumber: team.entry.receiptNumber }
  }
  const { registration } = JSON.parse(answer.body) as { registration: Omit<Ack, 'code'> }
  return { code: answer.code, id: registration.id, userId: registration.userId, status: registration.status, receiptNumber: registration.receiptNumber }
}

function post(agent: http.Agent, opts: LoadTarget, customer: Customer): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: opts.port,
        path: `/api/leagues/${opts.leagueId}/${opts.teams ? 'teams' : 'registrations'}`,
        method: 'POST',
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: { cookie: customer.cookie, origin: opts.origin, 'content-type': 'application/json', 'idempotency-key': customer.key },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ code: res.statusCode ?? 0, body, retryAfter: Number(res.headers['retry-after'] ?? 1) }))
        res.on('error', (error) => resolve({ code: 0, body: error.message, retryAfter: 0 }))
      },
    )
    // A server that stops answering is a failure of its own, not a kill.
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)))
    req.on('error', (error) => resolve({ code: error.message.startsWith('no answer') ? -1 : 0, body: error.message, retryAfter: 0 }))
    req.end(JSON.stringify(opts.teams ? { name: teamNameOf(customer) } : {}))
  })
}

/** The team a customer enters in the teams load. */
export const teamNameOf = (customer: Pick<Customer, 'index'>) => `Crash Team ${customer.index}`

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1)
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
