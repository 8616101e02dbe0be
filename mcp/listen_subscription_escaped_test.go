package mcp

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A stranger's subscription id is found however the server spells the
// _meta key: JSON lets a key be written with escapes, and
// "subscription\u0049d" is the key subscriptionId to every client. Before,
// the quick look for the key's bytes missed it and the notification was
// acted on as ours.
func TestListenForeignSubscriptionWithAnEscapedKey(t *testing.T) {
	send := make(chan struct{})
	_, s, rec := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
		_ = x.Notify("notifications/subscriptions/acknowledged", map[string]any{"_meta": map[string]any{MetaSubscriptionID: x.ID},
			"notifications": map[string]any{"toolsListChanged": true}})
		select {
		case <-send:
			_ = x.Notify("notifications/tools/list_changed",
				json.RawMessage(`{"_meta":{"io.modelcontextprotocol/subscription\u0049d":"not-ours"}}`))
		case <-x.Context().Done():
		}
		<-x.Context().Done()
	})}, Config{})
	ctx := testCtx(t)
	if _, _, err := s.ListTools(ctx, false); err != nil {
		t.Fatal(err)
	}
	close(send)
	r := rec.waitFor(t, "the stranger's list_changed", func(r Record) bool {
		return r.RPC != nil && r.RPC.Method == "notifications/tools/list_changed"
	})
	if got, want := r.RPC.ForeignSubscription, `"not-ours"`; got != want {
		t.Errorf("ForeignSubscription = %q, want %q (params %s)", got, want, r.RPC.Raw)
	}
	s.mu.Lock()
	kept := s.tools != nil
	s.mu.Unlock()
	if !kept {
		t.Error("a list_changed for a subscription we do not have, its key escaped, dropped the tools listed")
	}
}
