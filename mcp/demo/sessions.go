package demo

import (
	"context"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// liveSessions knows every MCP session the gateway is serving, so Close can
// end them: a streamable session outlives the HTTP requests that use it, and
// the SDK offers no way to close all of a handler's sessions.
type liveSessions struct {
	mu     sync.Mutex
	live   map[*mcp.ServerSession]struct{}
	closed bool
}

func newLiveSessions() *liveSessions {
	return &liveSessions{live: map[*mcp.ServerSession]struct{}{}}
}

// middleware notes the session of every request a gateway receives; the
// first request of a session registers it until the session ends.
func (l *liveSessions) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if ss, ok := req.GetSession().(*mcp.ServerSession); ok {
			l.track(ss)
		}
		return next(ctx, method, req)
	}
}

func (l *liveSessions) track(ss *mcp.ServerSession) {
	l.mu.Lock()
	_, known := l.live[ss]
	closed := l.closed
	if !known && !closed {
		l.live[ss] = struct{}{}
	}
	l.mu.Unlock()
	switch {
	case closed:
		// A request that raced Close: its session must not outlive it. Not
		// closed here: Close waits for running requests, this one included.
		go ss.Close()
	case !known:
		go func() {
			_ = ss.Wait()
			l.mu.Lock()
			delete(l.live, ss)
			l.mu.Unlock()
		}()
	}
}

// closeAll starts ending every live session, and any that shows up later.
// It does not wait: the SDK ends a session only once its running requests
// return, and a slow tool can run for half a minute.
func (l *liveSessions) closeAll() {
	l.mu.Lock()
	l.closed = true
	sessions := make([]*mcp.ServerSession, 0, len(l.live))
	for ss := range l.live {
		sessions = append(sessions, ss)
	}
	l.mu.Unlock()
	for _, ss := range sessions {
		go ss.Close()
	}
}
