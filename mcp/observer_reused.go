package mcp

import (
	"fmt"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// IDReused begins what an Observer logs when a client sends a request
// with the id of one of its requests still waiting for an answer.
const IDReused = "the client sent another request with this id while this one still waited"

// idReused acts on a client's request with id (method, tool for a
// tools/call, logged at seq) when an earlier request of the client still
// waits under that id: JSON-RPC tells answers apart by their ids, so the
// client (or two clients posting to one legacy session) made them
// ambiguous. The earlier request is given up on (replace): an answer with
// the id on the earlier one's own POST stream is its late answer (a
// streamable server answers each POST on its own); otherwise the next
// answer with the id pairs with the newer request, and one after it is
// the earlier one's late answer. Pairing only the newest left the earlier
// waiting for good, its own answer shown as a second answer to the newer.
// It returns the error record that ends the earlier request, nil when
// none waited; o.mu is held.
func (o *Observer) idReused(id, method, tool string, seq int64) *ErrorInfo {
	key, p := o.client.lookup(id)
	if p == nil {
		return nil
	}
	o.client.replace(key, p)
	what := method
	if tool != "" {
		what += " " + tool
	}
	return &ErrorInfo{Op: OpCancelled, ReqSeq: p.seq, Conn: p.conn,
		Message: fmt.Sprintf("%s (%s, record %d): the ids of requests in flight must differ, or their answers cannot be told apart; mcpscope pairs an answer on this one's own response stream with it, as late, and otherwise the next answer with the newer request and one after it with this one",
			IDReused, clip.Quote(what, 200), seq)}
}
