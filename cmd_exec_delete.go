package main

import (
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// deleteLine is exec's (and the TUI's, once it quit) line on stderr for
// the DELETE that ends a streamable session when the server refused it
// with an error: the session stays open there, which a gateway's
// developer is here to see, and only the recording said so. A 404 (the
// session was gone already) and a 405 (the specification's answer of a
// server that lets no client end a session) are no failure, nor the
// TypeScript SDK's 400 "No valid session ID" (its word for gone,
// mcp.SessionGone); a DELETE that got no answer is said where quitting
// waits for it. "" for any other record.
func deleteLine(r *mcp.Record) string {
	if why := mcp.DeleteFailure(r); why != "" {
		// No answer came to say it: the session stays open just the
		// same, and exec said only where a redirect pointed, as if
		// followed.
		return fmt.Sprintf("warning: the DELETE that ends the session failed: %s: the session may stay open on the server until it expires%s\n", sanitize.Line(why), sessionNamed(r.State.SessionID))
	}
	h := r.HTTP
	if r.Kind != mcp.KindHTTP || h == nil || h.Purpose != mcp.PurposeDelete || h.Status < 400 ||
		h.Status == http.StatusMethodNotAllowed ||
		mcp.SessionGone(h.Status, mcp.RecordedMediaType(h.Headers), h.Body) {
		return ""
	}
	status := h.StatusLine
	if status == "" {
		status = fmt.Sprint(h.Status)
	}
	return fmt.Sprintf("warning: the DELETE that ends the session was answered %s: the session may stay open on the server until it expires%s\n", sanitize.Line(status), sessionNamed(http.Header(h.RequestHeaders).Get("Mcp-Session-Id")))
}

// sessionNamed names the session a DELETE line is about, "" for none:
// the TUI can end several (each i after the first begins a new one) and
// says each DELETE that failed, and the id tells which may stay open. The
// id is the server's text, sent back as it came.
func sessionNamed(id string) string {
	if id == "" {
		return ""
	}
	return " (session " + sanitize.Line(clip.Quote(id, 64)) + ")"
}

// deleteLines are the TUI's refused-DELETE lines, said once it quit: the
// first few in full, then how many more, as a user pressing i again and
// again on a server refusing every DELETE would otherwise get a screenful.
type deleteLines struct {
	mu    sync.Mutex
	lines []string
	more  int
}

// maxDeleteLines is how many refused DELETEs the TUI says one by one.
const maxDeleteLines = 5

func (d *deleteLines) add(line string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.lines) == maxDeleteLines {
		d.more++
		return
	}
	d.lines = append(d.lines, line)
}

func (d *deleteLines) write(w io.Writer) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, line := range d.lines {
		fmt.Fprint(w, line)
	}
	if d.more > 0 {
		fmt.Fprintf(w, "warning: %d more DELETEs ending sessions were refused: the recording has each\n", d.more)
	}
}
