package proxy

import (
	"context"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
)

// testTimeout bounds every wait, so a hang fails instead of stalling.
const testTimeout = 10 * time.Second

// bulkTimeout bounds a request that moves megabytes through the proxy
// (10 MB of headers, a 20 MB event): under the race detector on a busy
// machine, as CI's race run is, that work alone took more than
// testTimeout, which is sized for kilobytes. A hang still fails.
const bulkTimeout = time.Minute

// watched collects what a proxy reports: its client sessions and each
// one's records, and says when anything changed.
type watched struct {
	mu      sync.Mutex
	clients []*Client
	recs    map[int][]mcp.Record
	ended   map[int]bool
	named   map[int]int
	// namedFirst counts names heard of sessions OnStart had not told of:
	// a watcher cannot show the name of a session it does not have.
	namedFirst int
	changed    chan struct{} // closed and replaced on every change
}

func newWatched() *watched {
	return &watched{recs: map[int][]mcp.Record{}, ended: map[int]bool{}, named: map[int]int{}, changed: make(chan struct{})}
}

func (w *watched) poke() {
	close(w.changed)
	w.changed = make(chan struct{})
}

func (w *watched) start(c *Client) {
	w.mu.Lock()
	w.clients = append(w.clients, c)
	w.poke()
	w.mu.Unlock()
	go w.follow(c, c.Records())
}

// follow collects c's records from from (its Records, or a recorder's
// tee of them) until it closes.
func (w *watched) follow(c *Client, from <-chan []mcp.Record) {
	for b := range from {
		w.mu.Lock()
		w.recs[c.ID] = append(w.recs[c.ID], b...)
		w.poke()
		w.mu.Unlock()
	}
	w.mu.Lock()
	w.ended[c.ID] = true
	w.poke()
	w.mu.Unlock()
}

func (w *watched) name(c *Client) {
	w.mu.Lock()
	w.named[c.ID]++
	if !slices.Contains(w.clients, c) {
		w.namedFirst++
	}
	w.poke()
	w.mu.Unlock()
}

// until waits for cond (called under the lock) to hold.
func (w *watched) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(testTimeout)
	for {
		w.mu.Lock()
		ok, ch := cond(), w.changed
		w.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			w.mu.Lock()
			defer w.mu.Unlock()
			t.Fatalf("timed out waiting for %s; %d client sessions:\n%s", what, len(w.clients), w.dumpLocked())
		}
	}
}

// allEnded waits until at least n sessions began and every one ended.
func (w *watched) allEnded(t *testing.T, n int) {
	t.Helper()
	w.until(t, "every session to end", func() bool {
		for _, c := range w.clients {
			if !w.ended[c.ID] {
				return false
			}
		}
		return len(w.clients) >= n
	})
}

// record waits for a record of client id that matches and returns it.
func (w *watched) record(t *testing.T, id int, what string, match func(mcp.Record) bool) mcp.Record {
	t.Helper()
	var got mcp.Record
	w.until(t, what, func() bool {
		for _, r := range w.recs[id] {
			if match(r) {
				got = r
				return true
			}
		}
		return false
	})
	return got
}

// clientWith waits for a record of any client that matches and returns
// that client.
func (w *watched) clientWith(t *testing.T, what string, match func(mcp.Record) bool) *Client {
	t.Helper()
	var got *Client
	w.until(t, what, func() bool {
		for _, c := range w.clients {
			for _, r := range w.recs[c.ID] {
				if match(r) {
					got = c
					return true
				}
			}
		}
		return false
	})
	return got
}

// clientOn waits for the first client session on transport and returns
// it.
func (w *watched) clientOn(t *testing.T, transport string) *Client {
	t.Helper()
	var got *Client
	w.until(t, "the "+transport+" session", func() bool {
		for _, c := range w.clients {
			if c.Transport == transport {
				got = c
				return true
			}
		}
		return false
	})
	return got
}

// records is a copy of client id's records so far.
func (w *watched) records(id int) []mcp.Record {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]mcp.Record(nil), w.recs[id]...)
}

// count is how many of session id's records match.
func (w *watched) count(id int, match func(mcp.Record) bool) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.countLocked(id, match)
}

// countLocked is count with w.mu held, as in an until's condition.
func (w *watched) countLocked(id int, match func(mcp.Record) bool) int {
	n := 0
	for _, r := range w.recs[id] {
		if match(r) {
			n++
		}
	}
	return n
}

// sessions is a copy of the client sessions so far.
func (w *watched) sessions() []*Client {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]*Client(nil), w.clients...)
}

// dump is every session's records, for a failure message.
func (w *watched) dump() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.dumpLocked()
}

func (w *watched) dumpLocked() string {
	var b strings.Builder
	for _, c := range w.clients {
		b.WriteString("client " + c.Label() + " " + c.Transport + ":\n")
		for _, r := range w.recs[c.ID] {
			b.WriteString("  " + describe(r) + "\n")
		}
	}
	return b.String()
}

// describe is one line about a record, for failure messages.
func describe(r mcp.Record) string {
	switch {
	case r.HTTP != nil:
		return string(r.Kind) + " " + r.HTTP.Purpose + " " + r.HTTP.Method + " " + r.HTTP.URL + " " + r.HTTP.StatusLine + " " + r.HTTP.Err
	case r.RPC != nil:
		return string(r.Kind) + " " + string(r.RPC.Class) + " " + r.RPC.Method + " " + truncate(string(r.RPC.Raw))
	case r.Event != nil:
		return "event " + r.Event.Name + " " + truncate(string(r.Event.Raw))
	case r.State != nil:
		return "state " + r.State.State + " " + r.State.Detail
	case r.Error != nil:
		return "error " + r.Error.Op + " " + r.Error.Message
	case r.Endpoint != nil:
		return "endpoint " + string(r.Endpoint.Data) + " -> " + r.Endpoint.InUse
	case r.Detect != nil:
		return "detect " + r.Detect.Transport + " " + r.Detect.Reason
	}
	return string(r.Kind)
}

func truncate(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// startProxy serves a proxy to upstream on 127.0.0.1 for the test, with
// cfg's other fields; it returns the proxy's base URL.
func startProxy(t *testing.T, upstream string, cfg Config) (*Proxy, string, *watched) {
	t.Helper()
	w := newWatched()
	cfg.Upstream, cfg.OnStart, cfg.OnName = upstream, w.start, w.name
	p, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(p)
	p.Track(ts.Config)
	ts.Start()
	t.Cleanup(func() {
		ts.Close()
		p.Close()
	})
	return p, ts.URL, w
}

// sdkConnect connects the official Go SDK client over tr.
func sdkConnect(t *testing.T, name string, tr sdk.Transport) *sdk.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	handshake := time.AfterFunc(testTimeout, cancel)
	defer handshake.Stop()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: name, Version: "1.2"}, nil).Connect(ctx, tr, nil)
	if err != nil {
		t.Fatalf("connecting %s through the proxy: %v", name, err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// bounded is a context that ends with the test's time limit.
func bounded(t *testing.T) context.Context {
	return boundedBy(t, testTimeout)
}

// boundedBy is a context that ends after d or when the test ends.
func boundedBy(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// contextWithCancel is a bounded context the test can end early.
func contextWithCancel(t *testing.T) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	return ctx, cancel
}

// startServer serves p on 127.0.0.1 for the test and returns its URL.
func startServer(t *testing.T, p *Proxy) string {
	t.Helper()
	ts := httptest.NewServer(p)
	t.Cleanup(func() {
		ts.Close()
		p.Close()
	})
	return ts.URL
}

// stalled waits until count stops growing (it is the same over half a
// second) and returns it, or returns it as soon as it passes most. Nothing
// signals that a relay is blocked (on the log, on a client that does not
// read): it shows only as its bytes no longer growing, so this polls,
// bounded by the test's time limit.
func stalled(t *testing.T, what string, count func() int64, most int64) int64 {
	t.Helper()
	deadline := time.Now().Add(testTimeout)
	last, still := int64(-1), 0
	for still < 5 {
		if time.Now().After(deadline) {
			t.Fatalf("%s never stopped growing (%d so far)", what, count())
		}
		time.Sleep(100 * time.Millisecond)
		n := count()
		if n > most {
			return n
		}
		if n == last && n > 0 {
			still++
		} else {
			still = 0
		}
		last = n
	}
	return last
}

// inState matches a state record in state whose detail holds want ("" for
// any).
func inState(state, want string) func(mcp.Record) bool {
	return func(r mcp.Record) bool {
		return r.State != nil && r.State.State == state && strings.Contains(r.State.Detail, want)
	}
}
