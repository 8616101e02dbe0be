package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// updatesDuringCall answers tools/call after sending, on its stream,
// updates of a resource never subscribed to (three times), of a
// sub-resource of the one subscribed to, and of that one; it takes
// resources/subscribe.
func updatesDuringCall(x *mcptest.Exchange) {
	if x.Method == "resources/subscribe" {
		x.Result(struct{}{})
		return
	}
	if x.Method == "tools/call" {
		for _, uri := range []string{"file:///other", "file:///other", "file:///other", "file:///sub/child", "file:///sub"} {
			_ = x.Notify("notifications/resources/updated", map[string]any{"uri": uri})
		}
	}
	x.Default()
}

// A notifications/resources/updated for a resource never subscribed to in
// the session is noted once, however many come, in the 2025 eras
// (resources/subscribe) and in 2026 (the listen request's
// resourceSubscriptions); the resource subscribed to, and one under it,
// are no news. Before, the update showed as if asked for.
func TestAnswerCheckNotesUpdatesOfResourcesNotSubscribed(t *testing.T) {
	for _, era := range []string{mcp.TransportStreamable, mcp.TransportStateless} {
		t.Run(era, func(t *testing.T) {
			cfg := mcp.Config{Transport: era, NoGetStream: true}
			if era == mcp.TransportStreamable {
				cfg.URL = mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: updatesDuringCall}).Endpoint()
			} else {
				cfg.URL = mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: updatesDuringCall}).Endpoint()
			}
			l := logOf(t, cfg, func(ctx context.Context, s *mcp.Session) {
				if _, err := s.Subscribe(ctx, "file:///sub"); err != nil {
					t.Fatalf("subscribe: %v", err)
				}
				if _, err := s.CallTool(ctx, "echo", []byte(`{"text":"x"}`)); err != nil {
					t.Fatalf("tools/call: %v", err)
				}
			})
			var noted []string
			for _, p := range l.Negotiation().Problems {
				if strings.Contains(p.Message, "not subscribed to") {
					noted = append(noted, p.Message)
				}
			}
			want := `notifications/resources/updated came for "file:///other", not subscribed to in this session`
			if len(noted) != 1 || !strings.Contains(noted[0], want) {
				t.Errorf("notes %q, want one saying %q", noted, want)
			}
		})
	}
}

// A server sending updates of resource after resource gets a note for
// each of the first few, and then one saying the rest are not said.
func TestAnswerCheckUnsubscribedUpdatesBounded(t *testing.T) {
	var c AnswerCheck
	foreign := &mcp.Record{Seq: 1, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification, Method: "notifications/resources/updated", ForeignSubscription: "987654",
		Raw: `{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"demo://stranger"}}`}}
	if got := c.Look(foreign); len(got) != 0 {
		t.Errorf("an update for a subscription not ours noted %+v, want none: it is said as that", got)
	}
	var said []Problem
	for i := range 100 {
		raw := `{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"file:///r` + strings.Repeat("x", i) + `"}}`
		said = append(said, c.Look(&mcp.Record{Seq: int64(i + 1), Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification, Method: "notifications/resources/updated", Raw: mcp.Raw(raw)}})...)
	}
	if len(said) != maxUnsubscribedSaid+1 || !strings.Contains(said[len(said)-1].Message, "are not said") {
		t.Errorf("%d notes, the last %q: want %d and one saying the rest are not said", len(said), said[len(said)-1].Message, maxUnsubscribedSaid+1)
	}
	if got := c.Problems(); len(got) != len(said) {
		t.Errorf("Problems holds %d, want the %d said", len(got), len(said))
	}
}

// A listen request whose resourceSubscriptions hold no string (one typed
// by hand, say) subscribes to nothing: before, the empty URI it read was
// a prefix of every URI, and no update of any resource was noted again.
func TestAnswerCheckListenOfNoURISubscribesToNone(t *testing.T) {
	var c AnswerCheck
	c.Look(&mcp.Record{Seq: 1, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, Method: mcp.ListenMethod, ID: "1",
		Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"method":"` + mcp.ListenMethod + `","params":{"notifications":{"resourceSubscriptions":[1]}}}`)}})
	got := c.Look(&mcp.Record{Seq: 2, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification, Method: "notifications/resources/updated",
		Raw: `{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"file:///other"}}`}})
	if len(got) != 1 || !strings.Contains(got[0].Message, `"file:///other", not subscribed to`) {
		t.Errorf("notes %+v, want one for file:///other", got)
	}
}

// An update of a long URI not subscribed to, with an escape sequence the
// cut leaves open, is noted with the URI's size after it: the size was
// added before sanitizing, and the open sequence took it with it, so the
// note did not say the URI was cut.
func TestAnswerCheckSaysTheSizeOfACutURIWithAnEscape(t *testing.T) {
	uri := "file:///" + strings.Repeat("a", 180) + "\x1b]0;" + strings.Repeat("x", 200)
	handle := func(x *mcptest.Exchange) {
		if x.Method == "tools/call" {
			_ = x.Notify("notifications/resources/updated", map[string]any{"uri": uri})
		}
		x.Default()
	}
	cfg := mcp.Config{Transport: mcp.TransportStreamable, NoGetStream: true}
	cfg.URL = mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: handle}).Endpoint()
	l := logOf(t, cfg, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.CallTool(ctx, "echo", []byte(`{"text":"x"}`)); err != nil {
			t.Fatalf("tools/call: %v", err)
		}
	})
	for _, p := range l.Negotiation().Problems {
		if strings.Contains(p.Message, "not subscribed to") {
			if !strings.Contains(p.Message, "(392 bytes)") || strings.Contains(p.Message, "\x1b") {
				t.Errorf("note %q, want the URI cut, its size said, and no escape", p.Message)
			}
			return
		}
	}
	t.Errorf("no note of the update not subscribed to: %+v", l.Negotiation().Problems)
}
