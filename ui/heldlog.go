package ui

import (
	"fmt"
	"io"
	"log"
	"sync"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// maxHeldLog bounds what the held log keeps: a server in the same process
// that logs on every request must not grow memory for the whole session.
const maxHeldLog = 64 << 10

// heldLog keeps what the standard logger writes while the TUI owns the
// screen. net/http reports a handler's panic or a bad request through it
// (the demo gateway and the proxy run in this process), and the Go SDK's
// default logger ends there too; written to stderr, it would land across
// the panes. It is printed once the screen is given back.
type heldLog struct {
	mu      sync.Mutex
	buf     []byte
	dropped int
}

func (h *heldLog) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	keep := min(len(p), maxHeldLog-len(h.buf))
	h.buf = append(h.buf, p[:keep]...)
	h.dropped += len(p) - keep
	return len(p), nil
}

// holdLog points the standard logger at a heldLog and returns the function
// that restores it and prints what was held to w.
func holdLog(w io.Writer) func() {
	h := &heldLog{}
	prev := log.Writer()
	log.SetOutput(h)
	return func() {
		log.SetOutput(prev)
		h.mu.Lock()
		defer h.mu.Unlock()
		if len(h.buf) == 0 {
			return
		}
		fmt.Fprint(w, "logged while the TUI was open:\n"+sanitize.Text(string(h.buf)))
		if h.buf[len(h.buf)-1] != '\n' {
			fmt.Fprintln(w)
		}
		if h.dropped > 0 {
			fmt.Fprintf(w, "(and %d bytes more, not kept)\n", h.dropped)
		}
	}
}
