package stdlog

import (
	"fmt"
	"io"
	"log"
	"strings"
	"sync"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// maxRouted bounds how many logged lines Route writes: a logger that
// writes on every request must not bury the answers; past it, the count
// of lines not shown is said once, when the logger is given back.
const maxRouted = 20

// maxRoutedLine bounds one routed line: a logged line quotes bytes from
// the wire, which a server chooses.
const maxRoutedLine = 300

// unsolicited is what net/http logs when a connection it keeps for reuse
// holds bytes nothing asked for: the end of an answer longer than its
// Content-Length said, or a body sent after a 204 or 304.
const unsolicited = "Unsolicited response received on idle HTTP channel"

// router writes the standard logger's lines as they come, each on a line
// of its own, made safe and bounded.
type router struct {
	mu        sync.Mutex
	w         io.Writer
	shown     int
	dropped   int
	explained bool
	// explainedTwice says a second answer sent whole was explained.
	explainedTwice bool
	partial        string // the start of a line not yet ended
}

func (r *router) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	text := r.partial + string(p)
	lines := strings.Split(text, "\n")
	// The logger ends every message with a newline; a message of several
	// lines (a handler's stack trace) is several lines here.
	r.partial = clip.Prefix(lines[len(lines)-1], maxRoutedLine)
	for _, line := range lines[:len(lines)-1] {
		r.line(line)
	}
	return len(p), nil
}

func (r *router) line(line string) {
	if line == "" {
		return
	}
	if r.shown >= maxRouted {
		r.dropped++
		return
	}
	r.shown++
	shown := sanitize.Quoted(line, maxRoutedLine)
	if !strings.Contains(line, unsolicited) {
		fmt.Fprintf(r.w, "logged: %s\n", shown)
		return
	}
	fmt.Fprintf(r.w, "net/http: %s\n", shown)
	if strings.Contains(line, unsolicited+` starting with "HTTP/`) {
		// The bytes are a whole answer of their own: one request
		// answered twice, not one answer too long.
		if !r.explainedTwice {
			r.explainedTwice = true
			fmt.Fprintln(r.w, "  (the server sent a second HTTP answer on a connection where no request was waiting for one: it answered a request twice; the extra answer was dropped with the connection)")
		}
		return
	}
	if !r.explained {
		r.explained = true
		// A 204 or 304 has no body whatever its headers say, so the body
		// a server sends after one is logged alike.
		fmt.Fprintln(r.w, "  (the server sent more bytes than its answer's Content-Length said, or a body after a 204 No Content or 304 Not Modified, which have none: the answer was read up to its end, and the bytes after it were dropped with the connection)")
	}
}

// Route points the standard logger at w while a command writes its own
// output there: each logged line is written when it comes, on a line of
// its own, made safe and bounded, and a line of net/http's that would
// puzzle a reader is explained once. It returns the function that gives
// the logger back.
func Route(w io.Writer) func() {
	r := &router{w: w}
	prev, flags := log.Writer(), log.Flags()
	log.SetOutput(r)
	// exec's own lines carry no time stamp; the logged ones match them.
	log.SetFlags(0)
	return func() {
		log.SetOutput(prev)
		log.SetFlags(flags)
		r.mu.Lock()
		defer r.mu.Unlock()
		r.line(r.partial)
		if r.dropped > 0 {
			fmt.Fprintf(r.w, "logged: (and %d lines more, not shown)\n", r.dropped)
		}
	}
}
