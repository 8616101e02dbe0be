package mcp

import "github.com/mcpscope/mcpscope/internal/clip"

// ClientCancelled begins what an Observer logs when the client's
// notifications/cancelled names a request of its own still waiting: the
// request ends cancelled, as a Session's does when it cancels its own.
const ClientCancelled = "the client cancelled it (notifications/cancelled)"

// clientCancelled acts on the client's notifications/cancelled: the
// client's request its requestId names, if it still waits, is given up on
// as a Session gives up on its own when it cancels (abandon), so its row
// reads cancelled, not closed with the session, and an answer after is
// late. A cancellation names a request its sender sent, so only the
// client's requests are looked at. It returns the error record that ends
// the request, nil when none waited; o.mu is held.
func (o *Observer) clientCancelled(params []byte, conn int) *ErrorInfo {
	c, ok := cancellationOf(conn, params)
	if !ok {
		return nil
	}
	id, p := o.client.lookup(c.key.id)
	if p == nil || !o.client.abandon(id, p) {
		return nil
	}
	why := ClientCancelled
	if c.reason != "" {
		// The client's words, bounded as a failure line bounds what
		// it quotes; every edge sanitizes the line it prints.
		why += ": " + clip.Quote(c.reason, 200)
	}
	return &ErrorInfo{Op: OpCancelled, Message: why, ReqSeq: p.seq, Conn: p.conn}
}
