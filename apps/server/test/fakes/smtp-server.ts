import type { AddressInfo } from 'node:net'
import { createServer, type Socket } from 'node:net'

export interface ReceivedMail {
  from: string
  to: string[]
  data: string
}

export interface LocalSmtp {
  url: string
  received: ReceivedMail[]
  close(): Promise<void>
}

/**
 * A minimal SMTP server on a free local port (greeting, EHLO, MAIL, RCPT, DATA, RSET, QUIT; no TLS, no auth), enough
 * for nodemailer to deliver to; what it receives is kept in `received`.
 */
export async function startLocalSmtp(): Promise<LocalSmtp> {
  const received: ReceivedMail[] = []
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    let mail: ReceivedMail = { from: '', to: [], data: '' }
    let inData = false
    let buffer = ''
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 localhost ESMTP test')
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          mail.data += buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          received.push(mail)
          mail = { from: '', to: [], data: '' }
          reply('250 OK: queued')
          continue
        }
        const eol = buffer.indexOf('\r\n')
        if (eol < 0) return
        const line = buffer.slice(0, eol)
        buffer = buffer.slice(eol + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost')
        else if (verb === 'MAIL') {
          mail.from = line.slice(10).trim()
          reply('250 OK')
        } else if (verb === 'RCPT') {
          mail.to.push(line.slice(8).trim())
          reply('250 OK')
        } else if (verb === 'DATA') {
          inData = true
          reply('354 End data with <CR><LF>.<CR><LF>')
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK')
        else if (verb === 'QUIT') {
          reply('221 Bye')
          socket.end()
        } else reply('502 Command not implemented')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
