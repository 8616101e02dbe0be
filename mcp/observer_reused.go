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
// ambiguous. The earlier request waits on, aside (replace): an answer with
// the id on the earlier one's own POST stream is its answer (a streamable
// server answers each POST on its own); otherwise the next answer with
// the id pairs with the newer request, and one after it is the earlier
// one's. Pairing only the newest left the earlier waiting for good, its
// own answer shown as a second answer to the newer; and the record said
// it was cancelled, which nobody did, its row reading "cancelled" above
// the answer it got. It returns the error record that says so of the
// earlier request (CauseIDReused, which ends nothing), nil when none
// waited; o.mu is held.
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
	return &ErrorInfo{Op: OpRequest, Cause: CauseIDReused, ReqSeq: p.seq, Conn: p.conn,
		Message: fmt.Sprintf("%s (%s, record %d): the ids of requests in flight must differ, or their answers cannot be told apart; this one still waits, and mcpscope pairs an answer on its own response stream with it, and otherwise the next answer with the newer request and the one after with this one",
			IDReused, clip.Quote(what, 200), seq)}
}
