// Package stdlog decides where the standard logger's lines go while
// mcpscope owns the terminal: net/http writes through it (a handler's panic
// in the in-process demo gateway or proxy, a server that sent more bytes
// than its Content-Length), and so does the Go SDK's default logger. Left
// on stderr they would land across the TUI's panes or in the middle of
// exec's output, unexplained and unsanitized.
package stdlog

import (
	"fmt"
	"io"
	"log"
	"sync"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// maxHeld bounds what the held log keeps: a server in the same process
// that logs on every request must not grow memory for the whole session.
const maxHeld = 64 << 10

// heldLog keeps what the standard logger writes while the TUI owns the
// screen; it is printed once the screen is given back.
type heldLog struct {
	mu      sync.Mutex
	buf     []byte
	dropped int
}

func (h *heldLog) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	keep := min(len(p), maxHeld-len(h.buf))
	h.buf = append(h.buf, p[:keep]...)
	h.dropped += len(p) - keep
	return len(p), nil
}

// Hold points the standard logger at a bounded buffer and returns the
// function that restores it and prints what was held to w, made safe.
func Hold(w io.Writer) func() {
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
