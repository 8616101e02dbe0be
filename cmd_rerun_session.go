package main

import (
	"sync"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// liveSessionWait bounds how long a re-run waits for the records of its
// live session to be read before it says which session it is in: they
// are read as they come, so this is only ever a wait on a busy machine.
const liveSessionWait = 2 * time.Second

// liveSession follows a re-run's live session's records for the id of its
// transport session, which the re-run reads in place of the recorded one's
// in the answers it compares (history.LiveSessionNamer). The records are
// read on a goroutine of their own; LiveSessionID waits for it to have
// read every record logged so far, so an answer is never compared before
// the record of the session it came in is read.
type liveSession struct {
	sess *mcp.Session
	mu   sync.Mutex
	read chan struct{} // closed and replaced after each batch read
	seen int64         // Seq of the newest record read
	id   string
	done bool
}

func newLiveSession(sess *mcp.Session) *liveSession {
	return &liveSession{sess: sess, read: make(chan struct{})}
}

// follow reads the session's records until it closes them.
func (l *liveSession) follow() {
	for batch := range l.sess.Records() {
		l.mu.Lock()
		for _, r := range batch {
			l.seen = max(l.seen, r.Seq)
			if r.Kind == mcp.KindState && r.State != nil && r.State.State == mcp.StateOpen && r.State.SessionID != "" {
				l.id = r.State.SessionID
			}
		}
		close(l.read)
		l.read = make(chan struct{})
		l.mu.Unlock()
	}
	l.mu.Lock()
	l.done = true
	close(l.read)
	l.mu.Unlock()
}

// LiveSessionID is the id of the live session's transport session, ""
// when it names none (or its records were not read within
// liveSessionWait).
func (l *liveSession) LiveSessionID() string {
	want := l.sess.Logged()
	give := time.NewTimer(liveSessionWait)
	defer give.Stop()
	for {
		l.mu.Lock()
		id, caught, read := l.id, l.seen >= want || l.done, l.read
		l.mu.Unlock()
		if caught {
			return id
		}
		select {
		case <-read:
		case <-give.C:
			return ""
		}
	}
}
