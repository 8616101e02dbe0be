package proxy

import (
	"fmt"
	"net/http"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// MaxBatchMembers is the most messages the proxy relays in one batch. Each
// member of a batch is a record of its own (with its pairing, and its line
// in the recording), which costs some fifty times the bytes of a small
// member: a batch of a million pings, 42 MB and well inside
// --max-event-size, held 2 GB of the proxy and took a minute before a byte
// of it was relayed, and a handful of such batches at once would take the
// proxy down with every client's recording. A real client sends a few
// dozen at most (the 2025-03-26 revision batches notifications with its
// requests; later ones have no batches at all), so the bound leaves room
// for thousands of notifications and turns away only a flood.
const MaxBatchMembers = 10000

// readMessage reads a client's MCP message whole (readBody) and what the
// proxy reads of it (peekBody). A batch of more than MaxBatchMembers
// messages is refused with 413 and a text body saying so, and the refusal
// is logged as readBody logs its own, before any of it is recorded or
// relayed; ok is false when the request was answered.
func (p *Proxy) readMessage(w http.ResponseWriter, r *http.Request) (body []byte, m message, ok bool) {
	body, ok = p.readBody(w, r)
	if !ok {
		return nil, message{}, false
	}
	m = p.peekBody(r, body)
	n := batchMembers(m)
	if n <= MaxBatchMembers {
		return body, m, true
	}
	why := fmt.Sprintf("its batch holds %d messages, more than the %d the proxy relays in one batch; nothing was relayed", n, MaxBatchMembers)
	http.Error(w, fmt.Sprintf("mcpscope proxy: the request's batch holds %d messages, more than the %d the proxy relays in one batch: send them in batches of at most %d, or one at a time", n, MaxBatchMembers, MaxBatchMembers),
		http.StatusRequestEntityTooLarge)
	p.unread(r, http.StatusRequestEntityTooLarge, fmt.Sprintf("the client's %s %s was refused with %d: %s", r.Method, shownID(r.URL.RequestURI()), http.StatusRequestEntityTooLarge, why),
		why, "its batch holds too many messages", RefusedOther)
	return nil, message{}, false
}

// batchMembers is how many messages m's batch holds, 0 when m is no batch
// or not JSON (the Observer records it whole, as one message). The batch
// is read once, its members counted but none of them indexed, so counting
// a million costs no more memory than counting one.
func batchMembers(m message) int {
	if !m.peek.Batch() {
		return 0
	}
	doc, err := jsonspan.Parse(m.text, jsonspan.Limits{Values: 1})
	if err != nil {
		return 0
	}
	return doc.Root().Len()
}
