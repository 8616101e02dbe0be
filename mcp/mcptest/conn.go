package mcptest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Conn is one open GET stream, that is one session. Tests may write any
// bytes to it; every write is flushed at once.
type Conn struct {
	// ID is the session id.
	ID string
	// Endpoint is the data of the endpoint event ("" with NoEndpoint).
	Endpoint string
	// Header holds the headers of the GET that opened the stream.
	Header http.Header

	s        *Server
	w        http.ResponseWriter
	rc       *http.ResponseController
	quit     chan struct{} // closed when someone asks the stream to end
	quitOnce sync.Once
	done     chan struct{} // closed when the GET handler has returned

	// mu serializes writes to w and guards closed and messages; the GET
	// handler sets closed before returning so nobody writes afterwards.
	mu       sync.Mutex
	closed   bool
	messages int

	// state guards the session's protocol state.
	state              sync.Mutex
	nextPingID         int64
	pending            map[string]*time.Timer // unanswered server pings by id
	initializeReceived bool
	initialized        bool
}

// newConn wraps the response of a stream GET.
func newConn(s *Server, w http.ResponseWriter, r *http.Request, id string) *Conn {
	return &Conn{
		ID:      id,
		Header:  r.Header.Clone(),
		s:       s,
		w:       w,
		rc:      http.NewResponseController(w),
		quit:    make(chan struct{}),
		done:    make(chan struct{}),
		pending: make(map[string]*time.Timer),
	}
}

// WriteRaw writes b to the stream exactly and flushes it. It returns
// ErrClosed once the stream has ended.
func (c *Conn) WriteRaw(b string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.writeLocked(b)
}

func (c *Conn) writeLocked(b string) error {
	if c.closed {
		return ErrClosed
	}
	select {
	case <-c.quit:
		return ErrClosed
	default:
	}
	if _, err := io.WriteString(c.w, b); err != nil {
		return err
	}
	return c.rc.Flush()
}

// Event writes one event framed as the Go SDK does: "event: NAME\n", one
// "data: " line per line of data, and a blank line. An empty name writes no
// event line. Every "message" event counts towards CloseAfterMessages.
func (c *Conn) Event(name, data string) error {
	raw := frameEvent(name, "", data)
	c.mu.Lock()
	err := c.writeLocked(raw)
	last := false
	if err == nil && name == "message" {
		c.messages++
		last = c.messages == c.s.opts.CloseAfterMessages
	}
	c.mu.Unlock()
	if last {
		c.Close()
	}
	return err
}

// Message writes raw (a JSON-RPC message) as an "event: message".
func (c *Conn) Message(raw string) error { return c.Event("message", raw) }

// Messages reports how many "message" events were written so far.
func (c *Conn) Messages() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.messages
}

// KeepAlive writes Options.KeepAlive (": ping\n\n" by default), a comment
// that SSE parsers drop before any callback sees it.
func (c *Conn) KeepAlive() error { return c.WriteRaw(c.s.opts.KeepAlive) }

// Ping sends the server's own ping request with the next id of the
// server's id space (1, 2, ...; the same numbers a client uses) and returns
// that id.
func (c *Conn) Ping() (int64, error) {
	c.state.Lock()
	c.nextPingID++
	id := c.nextPingID
	c.state.Unlock()
	return id, c.PingID(json.RawMessage(strconv.FormatInt(id, 10)))
}

// PingID sends {"jsonrpc":"2.0","id":ID,"method":"ping"} with the given
// raw JSON id and waits for nothing; the answer arrives as a POST. With
// CloseIfPingUnanswered the stream closes if no answer comes in time.
func (c *Conn) PingID(id json.RawMessage) error {
	key := idKey(id)
	var timer *time.Timer
	if d := c.s.opts.CloseIfPingUnanswered; d > 0 {
		timer = time.AfterFunc(d, func() {
			c.state.Lock()
			_, unanswered := c.pending[key]
			c.state.Unlock()
			if unanswered {
				c.Close()
			}
		})
	}
	c.state.Lock()
	if old := c.pending[key]; old != nil {
		old.Stop()
	}
	c.pending[key] = timer
	c.state.Unlock()
	return c.Message(`{"jsonrpc":"2.0","id":` + string(id) + `,"method":"ping"}`)
}

// PendingPings reports how many server pings are still unanswered.
func (c *Conn) PendingPings() int {
	c.state.Lock()
	defer c.state.Unlock()
	return len(c.pending)
}

// answer marks the server request with this id as answered, and reports
// whether one was waiting.
func (c *Conn) answer(id json.RawMessage) bool {
	key := idKey(id)
	c.state.Lock()
	defer c.state.Unlock()
	timer, ok := c.pending[key]
	if timer != nil {
		timer.Stop()
	}
	delete(c.pending, key)
	return ok
}

// idKey normalizes a raw JSON id so that 1 and " 1 " match.
func idKey(id json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, id); err != nil {
		return string(id)
	}
	return b.String()
}

// InitializeReceived reports whether an initialize request arrived on this
// session.
func (c *Conn) InitializeReceived() bool {
	c.state.Lock()
	defer c.state.Unlock()
	return c.initializeReceived
}

// Initialized reports whether notifications/initialized arrived on this
// session; a reconnect's new session starts out false.
func (c *Conn) Initialized() bool {
	c.state.Lock()
	defer c.state.Unlock()
	return c.initialized
}

// observe updates the session's protocol state with a POSTed message.
func (c *Conn) observe(call *Call) {
	switch {
	case call.Kind == KindResponse:
		c.answer(call.ID)
	case call.Kind == KindRequest && call.Method == "initialize":
		c.state.Lock()
		c.initializeReceived = true
		c.state.Unlock()
	case call.Kind == KindNotification && call.Method == "notifications/initialized":
		c.state.Lock()
		c.initialized = true
		c.state.Unlock()
	}
}

// Close ends the stream mid-session: the GET response finishes and the
// session is forgotten, so later POSTs to it get the unknown-session answer.
// It does not wait; see Done.
func (c *Conn) Close() {
	c.quitOnce.Do(func() { close(c.quit) })
}

// Done is closed once the stream has ended, whoever ended it.
func (c *Conn) Done() <-chan struct{} { return c.done }

// finish runs as the GET handler returns: no write may touch w afterwards.
func (c *Conn) finish() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.state.Lock()
	for _, t := range c.pending {
		if t != nil {
			t.Stop()
		}
	}
	c.state.Unlock()
	c.s.mu.Lock()
	if c.s.sessions[c.ID] == c {
		delete(c.s.sessions, c.ID)
	}
	c.s.notifyLocked()
	c.s.mu.Unlock()
	close(c.done)
}
