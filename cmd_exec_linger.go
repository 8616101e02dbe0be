package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// liveStream follows what became of the session's stream for server
// messages (the streamable GET stream, the 2026 listen stream), so that
// --linger does not wait for notifications that cannot come: once the
// newest state of that stream says it is over for good, nothing arrives.
type liveStream struct {
	mu sync.Mutex
	recordsSeen
	over string // which stream and what its newest state said, when that said it is over
}

func newLiveStream() *liveStream { return &liveStream{recordsSeen: newRecordsSeen()} }

// record looks at one record of the session, in order; a nil liveStream
// looks at none.
func (l *liveStream) record(r mcp.Record) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if st := r.State; r.Kind == mcp.KindState && st != nil && (st.State == mcp.StateGetStream || st.State == mcp.StateListen) {
		// The newest state decides: a subscription reopens the listen
		// stream after --no-listen left it closed.
		l.over = ""
		if st.Over {
			which := "GET stream"
			if st.State == mcp.StateListen {
				which = "listen stream"
			}
			l.over = "the " + which + " for them is over for good: " + sanitize.Line(st.Detail)
		}
	}
	l.saw(r.Seq)
}

// state is why the stream is over ("" while it is not) and a channel
// closed when the next record is looked at.
func (l *liveStream) state() (int64, string, <-chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.seen, l.over, l.changed
}

// linger keeps the session open for d, or until ctx ends, or (when watch
// is set) until the stream for server messages is over, and says so on w
// (when w is not nil).
// upTo is the newest record logged before it began: what happened to the
// stream by then decides whether lingering makes sense at all, so it waits
// for the record reader to get that far, as exec's notes do (awaitReader).
func (l *liveStream) linger(ctx context.Context, d time.Duration, upTo int64, w io.Writer, watch bool) {
	say := func(format string, a ...any) {
		if w != nil {
			fmt.Fprintf(w, format, a...)
		}
	}
	awaitReader(ctx, upTo, func() (int64, <-chan struct{}, bool) {
		seen, over, changed := l.state()
		return seen, changed, over != "" && watch
	})
	if ctx.Err() != nil || l.ended(watch, say, "not lingering") {
		return
	}
	say("lingering %s for notifications (ctrl+c ends it)\n", d)
	end := time.NewTimer(d)
	defer end.Stop()
	for {
		_, _, changed := l.state()
		if l.ended(watch, say, "stopped lingering") {
			return
		}
		select {
		case <-changed:
		case <-end.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

// ended reports whether, with watch set, the stream is over, and says so
// as "<stopping>: no notification can come, ...".
func (l *liveStream) ended(watch bool, say func(string, ...any), stopping string) bool {
	_, over, _ := l.state()
	if over == "" || !watch {
		return false
	}
	say("%s: no notification can come, %s\n", stopping, over)
	return true
}

// ownListen reports whether a command opens a listen stream of the user's
// own, which the session's stream giving up does not end.
func ownListen(cmds []command.Command) bool { return sends(cmds, mcp.ListenMethod) }

// subscribes reports whether a command subscribes to a resource, whose
// updates come on the session's stream for server messages.
func subscribes(cmds []command.Command) bool { return sends(cmds, "resources/subscribe") }

// sends reports whether a command is a request of method.
func sends(cmds []command.Command, method string) bool {
	return slices.ContainsFunc(cmds, func(c command.Command) bool { return c.Method == method })
}
