package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// countingAnswerer counts the questions put to the user.
type countingAnswerer struct{ asked atomic.Int32 }

func (a *countingAnswerer) Answer(context.Context, InputRequest) (json.RawMessage, error) {
	a.asked.Add(1)
	return json.RawMessage(`{"action":"decline"}`), nil
}

// An elicitation or sampling request whose params are not an object asks
// nothing a person could answer, and neither does a sampling whose
// messages are no array (it was put to the user as "reply to  —"): each is
// refused at once with -32602, the id back exactly and words saying what
// is wrong, and never put to the user.
func TestServerRequestWithParamsNotAnObjectIsInvalidParams(t *testing.T) {
	ans := &countingAnswerer{}
	srv, s, _ := dial(t, mcptest.Options{}, Config{Answerer: ans})
	defer s.Close()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ msg, want string }{
		{`{"jsonrpc":"2.0","id":"e5","method":"elicitation/create","params":5}`, "its params are an integer"},
		{`{"jsonrpc":"2.0","id":"snull","method":"sampling/createMessage","params":null}`, "its params are null"},
		{`{"jsonrpc":"2.0","id":"enone","method":"elicitation/create"}`, "it has no params"},
		{`{"jsonrpc":"2.0","id":"sarr","method":"sampling/createMessage","params":[{"role":"user"}]}`, "its params are an array"},
		{`{"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{"messages":"hello","maxTokens":5}}`, "its messages are a string, not an array of messages to reply to"},
		{`{"jsonrpc":"2.0","id":"s2","method":"sampling/createMessage","params":{"messages":{"role":"user"},"maxTokens":5}}`, "its messages are an object, not an array"},
		{`{"jsonrpc":"2.0","id":"s3","method":"sampling/createMessage","params":{"messages":null,"maxTokens":5}}`, "its messages are null, not an array"},
		{`{"jsonrpc":"2.0","id":"s4","method":"sampling/createMessage","params":{"maxTokens":5}}`, "it has no messages to reply to"},
	} {
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		_ = json.Unmarshal([]byte(tt.msg), &req)
		if err := conn.Message(tt.msg); err != nil {
			t.Fatal(err)
		}
		post, err := srv.WaitPost(testCtx(t), func(p mcptest.Post) bool { return bytes.Contains(p.Body, []byte(`"id":`+string(req.ID)+`,`)) })
		if err != nil {
			t.Fatalf("%s: no reply: %v", tt.msg, err)
		}
		var reply struct {
			ID    json.RawMessage `json:"id"`
			Error *RPCError       `json:"error"`
		}
		if err := json.Unmarshal(post.Body, &reply); err != nil || string(reply.ID) != string(req.ID) || reply.Error == nil || reply.Error.Code != CodeInvalidParams ||
			!strings.Contains(reply.Error.Message, ": "+tt.want) {
			t.Errorf("%s: reply %s, want error -32602 with id %s saying %q", tt.msg, post.Body, req.ID, tt.want)
		}
	}
	if n := ans.asked.Load(); n != 0 {
		t.Errorf("the user was asked %d times, want none", n)
	}
}

// blockingAnswerer holds every question until released, counting the most
// held at once.
type blockingAnswerer struct {
	release chan struct{}
	mu      sync.Mutex
	held    int
	most    int
}

func (a *blockingAnswerer) Answer(ctx context.Context, _ InputRequest) (json.RawMessage, error) {
	a.mu.Lock()
	a.held++
	a.most = max(a.most, a.held)
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		a.held--
		a.mu.Unlock()
	}()
	select {
	case <-a.release:
		return json.RawMessage(`{"action":"decline"}`), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// A server asking more questions at once than a person could answer gets
// the ones past the bound refused at once, with their ids, and the ones
// within it answered once the person does.
func TestServerQuestionsWaitingAreBounded(t *testing.T) {
	const extra = 10
	ans := &blockingAnswerer{release: make(chan struct{})}
	srv, s, rec := dial(t, mcptest.Options{}, Config{Answerer: ans})
	defer s.Close()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	for i := range maxAsking + extra {
		if err := conn.Message(fmt.Sprintf(`{"jsonrpc":"2.0","id":"q%d","method":"elicitation/create","params":{"message":"?","requestedSchema":{"type":"object"}}}`, i)); err != nil {
			t.Fatal(err)
		}
	}
	refused := func(p mcptest.Post) bool { return bytes.Contains(p.Body, []byte("already waiting for an answer")) }
	for i := range extra {
		id := fmt.Sprintf(`"id":"q%d",`, maxAsking+i)
		if _, err := srv.WaitPost(testCtx(t), func(p mcptest.Post) bool { return refused(p) && bytes.Contains(p.Body, []byte(id)) }); err != nil {
			t.Fatalf("question q%d past the bound was not refused: %v", maxAsking+i, err)
		}
	}
	rec.waitFor(t, "the limit error", func(r Record) bool { return r.Kind == KindError && r.Error.Cause == CauseFlooded })
	close(ans.release)
	for i := range maxAsking {
		id := fmt.Sprintf(`"id":"q%d","result"`, i)
		if _, err := srv.WaitPost(testCtx(t), func(p mcptest.Post) bool { return bytes.Contains(p.Body, []byte(id)) }); err != nil {
			t.Fatalf("question q%d within the bound was not answered: %v", i, err)
		}
	}
	ans.mu.Lock()
	defer ans.mu.Unlock()
	if ans.most > maxAsking {
		t.Errorf("%d questions were put to the user at once, want at most %d", ans.most, maxAsking)
	}
}

// A server request whose method is a megabyte long, and whose answer the
// server then refuses: the error that says the answer was not taken
// quotes the method clipped, as the answer itself does, not the whole
// megabyte once more.
func TestUnsentReplyToAHugeMethodQuotesItClipped(t *testing.T) {
	refuse := func(c *mcptest.Call) {
		if c.Kind == mcptest.KindResponse {
			c.Status(http.StatusInternalServerError, "text/plain", "no")
			return
		}
		c.Default()
	}
	srv, s, rec := dial(t, mcptest.Options{Handle: refuse}, Config{})
	defer s.Close()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	method := strings.Repeat("m", 1<<20)
	if err := conn.Message(`{"jsonrpc":"2.0","id":7,"method":"` + method + `"}`); err != nil {
		t.Fatal(err)
	}
	got := rec.waitFor(t, "the error on the answer not taken", func(r Record) bool {
		return r.Kind == KindError && r.Error.Op == OpReply
	})
	if msg := got.Error.Message; len(msg) > 2000 || !strings.Contains(msg, "could not answer the server's mmm") {
		t.Errorf("the error is %d bytes: %.300q, want the method clipped", len(msg), msg)
	}
}
