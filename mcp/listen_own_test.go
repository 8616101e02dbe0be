package mcp

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A subscriptions/listen the user sends is answered by its
// acknowledgement and stays open past the request timeout; its
// acknowledgement and notifications are known as ours, not as for a
// subscription we do not have.
func TestListenOfTheUsersOwn(t *testing.T) {
	srv, s, rec := dialStateless(t, mcptest.StatelessOptions{Tools: mcptest.StatelessTools()}, Config{NoListen: true, RequestTimeout: 1500 * time.Millisecond})
	ctx := testCtx(t)
	resp, err := s.Listen(ctx, []byte(`{"notifications":{"promptsListChanged":true}}`))
	if err != nil || !strings.Contains(string(resp.Result), `"promptsListChanged":true`) {
		t.Fatalf("Listen = %v, %v; want the acknowledgement granting promptsListChanged", resp, err)
	}
	l, err := srv.WaitListen(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// A request of the same timeout, sent after, times out first: the
	// listen stream outlives its own.
	var te *TimeoutError
	if _, err := s.CallTool(ctx, "slow", []byte(`{}`)); !errors.As(err, &te) {
		t.Fatalf("slow = %v, want a timeout", err)
	}
	if err := l.ListChanged("prompts"); err != nil {
		t.Fatalf("the listen stream ended with the request timeout: %v", err)
	}
	changed := rec.waitFor(t, "prompts list_changed", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC != nil && r.RPC.Method == "notifications/prompts/list_changed"
	})
	for _, r := range rec.all() {
		if r.Kind == KindReceived && r.RPC != nil && r.RPC.ForeignSubscription != "" {
			t.Errorf("%s on our own listen stream was taken for a subscription we do not have", r.RPC.Method)
		}
		if r.Kind == KindError && r.Error != nil && r.Error.ReqSeq == resp.ReqSeq {
			t.Errorf("the listen request ended: %s", r.Error.Message)
		}
	}
	if changed.RPC.Stream != StreamListen {
		t.Errorf("the notification came on stream %q, want the listen stream", changed.RPC.Stream)
	}
}

// A listen the server refuses is that refusal, as a request's error is.
func TestListenRefused(t *testing.T) {
	refused := func(x *mcptest.Exchange) {
		if x.Method == ListenMethod {
			x.Error(CodeInvalidParams, "notifications must be an object")
			return
		}
		x.Default()
	}
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: refused}, Config{NoListen: true})
	_, err := s.Listen(testCtx(t), []byte(`{"notifications":"all"}`))
	var rpcErr *RPCError
	if !errors.As(err, &rpcErr) || rpcErr.Code != CodeInvalidParams {
		t.Errorf("Listen with bad params = %v, want the server's JSON-RPC error", err)
	}
}
