package mcp

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/list_changed on the listen stream tagged with a subscription id
// that is none of ours is logged as for a subscription we do not have and
// not acted on (the tools listed stay), while ours is acted on. Before,
// the stranger's was taken for ours.
func TestListenNotificationForASubscriptionWeDoNotHave(t *testing.T) {
	s, rec, sendOurs := listenStranger(t, map[string]any{"_meta": map[string]any{MetaSubscriptionID: "not-ours"}}, `"not-ours"`)
	close(sendOurs)
	r := rec.waitFor(t, "our own list_changed", func(r Record) bool {
		return r.RPC != nil && r.RPC.Method == "notifications/tools/list_changed" && r.RPC.ForeignSubscription == ""
	})
	s.mu.Lock()
	dropped := s.tools == nil
	s.mu.Unlock()
	if !dropped {
		t.Errorf("a list_changed for our own subscription was not acted on (the tools listed stay): %s", r.RPC.Raw)
	}
	for _, r := range rec.all() {
		if r.RPC != nil && r.RPC.Method == "notifications/subscriptions/acknowledged" && r.RPC.ForeignSubscription != "" {
			t.Errorf("our own acknowledgement marked foreign: %s", r.RPC.Raw)
		}
	}
}

// listenStranger dials a stateless fake whose listen stream, once the
// tools are listed, carries a tools/list_changed with params stranger, of
// a subscription that is not ours, and when sendOurs is closed one of our
// own. It checks that the stranger's is logged as for the subscription
// want and leaves the tools listed.
func listenStranger(t *testing.T, stranger any, want string) (s *Session, rec *recorded, sendOurs chan struct{}) {
	t.Helper()
	send := make(chan struct{})
	sendOurs = make(chan struct{})
	_, s, rec = dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
		tag := func(id any) map[string]any { return map[string]any{"_meta": map[string]any{MetaSubscriptionID: id}} }
		_ = x.Notify("notifications/subscriptions/acknowledged", map[string]any{"_meta": tag(x.ID)["_meta"], "notifications": map[string]any{"toolsListChanged": true}})
		select {
		case <-send:
			_ = x.Notify("notifications/tools/list_changed", stranger)
		case <-x.Context().Done():
		}
		select {
		case <-sendOurs:
			_ = x.Notify("notifications/tools/list_changed", tag(x.ID))
		case <-x.Context().Done():
		}
		<-x.Context().Done()
	})}, Config{})
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatal(err)
	}
	close(send)
	r := rec.waitFor(t, "the stranger's list_changed", func(r Record) bool {
		return r.RPC != nil && r.RPC.Method == "notifications/tools/list_changed"
	})
	if got := r.RPC.ForeignSubscription; got != want {
		t.Errorf("ForeignSubscription = %q, want %q (params %s)", got, want, r.RPC.Raw)
	}
	s.mu.Lock()
	kept := s.tools != nil
	s.mu.Unlock()
	if !kept {
		t.Errorf("a list_changed for a subscription we do not have (params %s) dropped the tools listed", r.RPC.Raw)
	}
	return s, rec, sendOurs
}
