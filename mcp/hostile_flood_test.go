package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server request's id comes back exactly as the server wrote it, however
// strange; one that is not JSON at all is answered as invalid with a null id.
func TestServerRequestIDsComeBackExactly(t *testing.T) {
	ids := []string{`"a\"b"`, `{"k":[1,2]}`, `1e400`, `null`, `true`, `-0`, `"\u2028"`, `[ 1 , "x" ]`, `"x"`}
	srv, s, rec := dial(t, mcptest.Options{}, Config{})
	defer s.Close()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if err := conn.Message(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`); err != nil {
			t.Fatal(err)
		}
		post, err := srv.WaitPost(testCtx(t), func(p mcptest.Post) bool { return bytes.Contains(p.Body, []byte(`"id":`+id+`,"result"`)) })
		if err != nil {
			t.Fatalf("id %s: no reply: %v", id, err)
		}
		var reply struct {
			ID     json.RawMessage `json:"id"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal(post.Body, &reply); err != nil || string(reply.ID) != id || reply.Result == nil {
			t.Errorf("id %s: reply %s (%v), want valid JSON carrying the id back exactly", id, post.Body, err)
		}
	}
	// Not JSON at all: no id can go back; it is logged as invalid, and
	// the session goes on.
	if err := conn.Message(`{"jsonrpc":"2.0","id":tru,"method":"ping"}`); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "the invalid message", func(r Record) bool { return r.Kind == KindReceived && r.RPC.Class == ClassInvalid })
	if _, err := s.Request(testCtx(t), "ping", nil); err != nil {
		t.Errorf("ping after an invalid message: %v", err)
	}
}

// A server flooding requests while taking our replies slowly gets a
// bounded number of replies in flight and waiting; the stream is still
// read, so our own request is answered through the flood, and the replies
// left unsent are said.
func TestServerRequestFloodIsBounded(t *testing.T) {
	const flood = 2000
	release, full := make(chan struct{}), make(chan struct{})
	var releaseOnce, fullOnce sync.Once
	var inFlight, most atomic.Int64
	handle := func(c *mcptest.Call) {
		if c.Kind != mcptest.KindResponse {
			c.Default()
			return
		}
		n := inFlight.Add(1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		if n >= maxReplies {
			fullOnce.Do(func() { close(full) })
		}
		select {
		case <-release:
		case <-c.Request.Context().Done():
		}
		inFlight.Add(-1)
	}
	srv, s, rec := dial(t, mcptest.Options{Handle: handle}, Config{})
	defer s.Close()
	defer releaseOnce.Do(func() { close(release) })
	floodWithPings(t, srv, flood)
	select {
	case <-full:
	case <-testCtx(t).Done():
		t.Fatal("the replies never filled their bound")
	}
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Errorf("our own request during the flood: %v", err)
	}
	rec.waitFor(t, "the unanswered ones said", func(r Record) bool {
		return r.Kind == KindError && r.Error.Op == OpReply && r.Error.Cause == CauseFlooded
	})
	if m := most.Load(); m > maxReplies {
		t.Errorf("%d replies were in flight at once, want at most %d", m, maxReplies)
	}
	if n := len(rec.of(KindSent)); n > maxQueuedReplies+maxReplies+10 {
		t.Errorf("%d replies were logged as sent, want at most the queue and the workers", n)
	}
}

// A server flooding a stream faster than the records are read waits on TCP
// once the backlog is full: memory holds a bounded backlog, not the flood,
// and nothing is lost once the consumer catches up.
func TestFloodWaitsForASlowConsumer(t *testing.T) {
	for _, phase := range []string{"drain", "close"} {
		t.Run(phase, func(t *testing.T) { floodSlowConsumer(t, phase) })
	}
}

func floodSlowConsumer(t *testing.T, phase string) {
	old := backlogLimit
	backlogLimit = 256 << 10
	defer func() { backlogLimit = old }()
	srv := mcptest.New(t, mcptest.Options{})
	s := NewSession(Config{URL: srv.URL, Transport: TransportSSE})
	defer func() {
		// Close waits for the records to be delivered.
		go func() {
			for range s.Records() {
			}
		}()
		s.Close()
	}()
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatal(err)
	}
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	const n = 50000
	note := "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"x\"}}\n\n"
	wrote := make(chan error, 1)
	go func() { wrote <- conn.WriteRaw(strings.Repeat(note, n)) }()
	backlog := func() int64 {
		s.out.mu.Lock()
		defer s.out.mu.Unlock()
		return s.out.pending
	}
	// Nothing reads the records yet: the backlog fills, and then stays
	// within its bound while the server is left waiting on TCP. The reader
	// waits between reads, so one read's records (two per event, the event
	// and its message) may go past the bound, and the channel holds one
	// batch that is no longer counted.
	perRead := int64(readSize/len(note)+1) * 2 * (recordOverhead + int64(len(note)))
	bound := backlogLimit + perRead
	deadline := time.Now().Add(10 * time.Second)
	for full := 0; full < 50; {
		switch b := backlog(); {
		case b > bound:
			t.Fatalf("the backlog weighs %d bytes, past the bound of %d and one read", b, backlogLimit)
		case b >= backlogLimit:
			full++
		case time.Now().After(deadline):
			t.Fatalf("the backlog never filled (%d bytes)", b)
		}
		time.Sleep(time.Millisecond)
	}
	// Close does not wait for a consumer: a TUI that quit reads no more.
	if phase == "close" {
		closed := make(chan struct{})
		go func() { s.Close(); close(closed) }()
		select {
		case <-closed:
		case <-testCtx(t).Done():
			t.Fatal("Close waited for the records to be read")
		}
		return
	}
	got := 0
	ctx := testCtx(t)
	for got < n {
		select {
		case batch := <-s.Records():
			for _, r := range batch {
				if r.Kind == KindReceived && r.RPC.Method == "notifications/message" {
					got++
				}
			}
		case <-ctx.Done():
			t.Fatalf("%d of %d notifications arrived", got, n)
		}
	}
	if err := <-wrote; err != nil {
		t.Errorf("the server's write: %v", err)
	}
}

// An answer with an id we never sent is named when the request it should
// have answered times out: a server that mangles ids is not a silent one.
// This one gives our numeric id back as a string, which is named as that.
func TestForeignAnswerIsNamedInTheTimeout(t *testing.T) {
	handle := func(c *mcptest.Call) {
		if c.Method == "tools/list" {
			c.Reply(`{"jsonrpc":"2.0","id":"` + string(c.ID) + `","result":{"tools":[]}}`)
			return
		}
		c.Default()
	}
	err := timeoutNaming(t, handle, func(te *TimeoutError) bool { return len(te.Retyped) == 0 })
	var te *TimeoutError
	if !errorsAs(err, &te) || len(te.Retyped) != 1 || !strings.Contains(err.Error(), "this request's id as a string where mcpscope sent a number") {
		t.Fatalf("Request = %v, want a timeout naming the answer with the foreign id", err)
	}
}

// A message with our request's id but neither a result nor an error is
// named when that request times out, not taken for silence.
func TestMalformedAnswerIsNamedInTheTimeout(t *testing.T) {
	handle := func(c *mcptest.Call) {
		if c.Method == "tools/list" {
			c.Reply(`{"jsonrpc":"2.0","id":` + string(c.ID) + `}`)
			return
		}
		c.Default()
	}
	err := timeoutNaming(t, handle, func(te *TimeoutError) bool { return len(te.Malformed) == 0 })
	var te *TimeoutError
	if !errorsAs(err, &te) || len(te.Malformed) != 1 || len(te.Foreign) != 0 || !strings.Contains(err.Error(), "neither a result nor an error") {
		t.Fatalf("Request = %v, want a timeout naming the message with the id and no result", err)
	}
}

// tools/list pages followed automatically stop at a size bound as well as
// a page bound.
func TestToolPagesStopAtASizeBound(t *testing.T) {
	old := maxToolBytes
	maxToolBytes = 2 << 10
	defer func() { maxToolBytes = old }()
	var mu sync.Mutex
	pages := 0
	handle := func(c *mcptest.Call) {
		if c.Method != "tools/list" {
			c.Default()
			return
		}
		mu.Lock()
		pages++
		n := pages
		mu.Unlock()
		c.Result(map[string]any{"tools": []map[string]any{{"name": fmt.Sprintf("t%d", n), "description": strings.Repeat("x", 1000)}}, "nextCursor": fmt.Sprint(n)})
	}
	_, s, _ := dial(t, mcptest.Options{Handle: handle}, Config{})
	tools, _, err := s.ListTools(testCtx(t), true)
	if CauseOf(err) != CauseLimit || len(tools) == 0 || len(tools) > 4 {
		t.Fatalf("ListTools = %d tools, %v; want a few pages then the size bound", len(tools), err)
	}
}

func errorsAs(err error, target any) bool { return errors.As(err, target) }

// floodWithPings writes n server pings, ids 1 to n, at once on the legacy
// stream of srv's first session.
func floodWithPings(t *testing.T, srv *mcptest.Server, n int) {
	t.Helper()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"ping\"}\n\n", i)
	}
	if err := conn.WriteRaw(b.String()); err != nil {
		t.Fatal(err)
	}
}
