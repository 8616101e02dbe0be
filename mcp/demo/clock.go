package demo

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// clockURI is the resource that changes: every ClockInterval while someone
// is subscribed to it, and its subscribers hear of it through
// notifications/resources/updated.
const clockURI = "demo://clock"

func (g *gateway) addClockResource() {
	g.server.AddResource(&mcp.Resource{
		URI:   clockURI,
		Name:  "clock",
		Title: "A ticking clock",
		Description: fmt.Sprintf("Counts ticks, one every %v while a client is subscribed (resources/subscribe, or "+
			"resourceSubscriptions in a 2026 subscriptions/listen); each tick sends subscribers notifications/resources/updated.",
			g.opts.ClockInterval),
		MIMEType: "text/plain",
	}, g.readClock)
}

func (g *gateway) readClock(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	n, at := g.h.clock.now()
	text := fmt.Sprintf("tick %d", n)
	if n > 0 {
		text += " at " + at.UTC().Format(time.RFC3339)
	}
	return &mcp.ReadResourceResult{
		// ttlMs 0 (the default): stale at once, since it changes.
		Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: text}},
	}, nil
}

// clock drives demo://clock for every gateway of a Handler. Its ticker runs
// only while some session is subscribed, and stops for good on close.
type clock struct {
	every time.Duration

	mu      sync.Mutex
	ticks   int
	at      time.Time
	subs    map[*mcp.Server]map[*mcp.ServerSession]bool
	running bool
	closed  bool
	ctx     context.Context // cancelled by close, to stop the ticker
	cancel  context.CancelFunc
	stopped sync.WaitGroup
}

func newClock(every time.Duration) *clock {
	ctx, cancel := context.WithCancel(context.Background())
	return &clock{every: every, subs: map[*mcp.Server]map[*mcp.ServerSession]bool{}, ctx: ctx, cancel: cancel}
}

func (c *clock) now() (int, time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ticks, c.at
}

func (c *clock) subscribe(s *mcp.Server, ss *mcp.ServerSession) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	if c.subs[s] == nil {
		c.subs[s] = map[*mcp.ServerSession]bool{}
	}
	c.subs[s][ss] = true
	if !c.running {
		c.running = true
		c.stopped.Add(1)
		go c.run()
	}
}

func (c *clock) unsubscribe(s *mcp.Server, ss *mcp.ServerSession) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.subs[s], ss)
	if len(c.subs[s]) == 0 {
		delete(c.subs, s)
	}
}

// close stops the ticker and waits until it has.
func (c *clock) close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.cancel()
	c.stopped.Wait()
}

func (c *clock) run() {
	defer c.stopped.Done()
	t := time.NewTicker(c.every)
	defer t.Stop()
	for {
		select {
		case <-c.ctx.Done():
			return
		case now := <-t.C:
			servers := c.tick(now)
			if servers == nil {
				return
			}
			for _, s := range servers {
				// The SDK sends it to that server's subscribed sessions.
				_ = s.ResourceUpdated(c.ctx, &mcp.ResourceUpdatedNotificationParams{URI: clockURI})
			}
		}
	}
}

// tick counts a tick and returns the servers with subscribers to tell, or
// nil, having stopped the ticker, when there are none left.
func (c *clock) tick(now time.Time) []*mcp.Server {
	c.prune()
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.subs) == 0 || c.closed {
		c.running = false
		return nil
	}
	c.ticks++
	c.at = now
	servers := make([]*mcp.Server, 0, len(c.subs))
	for s := range c.subs {
		servers = append(servers, s)
	}
	return servers
}

// prune forgets subscribers whose session ended without unsubscribing, as
// most do; the SDK forgets them too, but does not say so.
func (c *clock) prune() {
	c.mu.Lock()
	snapshot := map[*mcp.Server][]*mcp.ServerSession{}
	for s, sessions := range c.subs {
		for ss := range sessions {
			snapshot[s] = append(snapshot[s], ss)
		}
	}
	c.mu.Unlock()
	// Server.Sessions takes the server's lock, so not under ours. A session
	// subscribed before this look and not among its server's sessions has
	// ended for good.
	for s, subscribed := range snapshot {
		live := map[*mcp.ServerSession]bool{}
		for ss := range s.Sessions() {
			live[ss] = true
		}
		for _, ss := range subscribed {
			if !live[ss] {
				c.unsubscribe(s, ss)
			}
		}
	}
}
