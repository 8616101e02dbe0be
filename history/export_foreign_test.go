package history

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// On a bridge that shares one upstream process (supergateway's SSE
// output), answers meant for other clients arrive on our stream. The
// Markdown transcript heads them as what they are, not as a method named
// "foreign".
func TestExportMarkdownNamesForeignAnswers(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: mcptest.Broadcast})
	l := logOf(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE}, func(ctx context.Context, s *mcp.Session) {
		initialize(t, ctx, s)
		if _, err := s.Request(ctx, "ping", nil); err != nil {
			t.Fatal(err)
		}
	})
	var b bytes.Buffer
	if err := ExportMarkdown(&b, Header{URL: srv.SSEURL()}, l); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	if !strings.Contains(md, ". answer to an id we never sent: ok\n") || strings.Contains(md, "`foreign`") {
		t.Errorf("foreign answers are not headed as such:\n%s", md)
	}
	if !strings.Contains(md, "answer to no request of this session · id `9001`") {
		t.Errorf("the foreign answer's facts lost its id:\n%s", md)
	}
}

// A server that cannot read a request answers an error with id null. The
// transcript heads it as that, not as an answer meant for another client.
func TestExportMarkdownNamesANullIDError(t *testing.T) {
	srv := mcptest.UnreadableRequest(t, "tools/list", "request too large")
	l := logOf(t, mcp.Config{URL: srv.URL, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		if _, _, err := s.ListTools(ctx, false); err == nil {
			t.Error("tools/list answered by an error with id null succeeded")
		}
	})
	var b bytes.Buffer
	if err := ExportMarkdown(&b, Header{URL: srv.URL}, l); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	if !strings.Contains(md, ". error with id null (a request the server could not read): ") || strings.Contains(md, "answer to an id we never sent") {
		t.Errorf("the error with id null is not headed as one:\n%s", md)
	}
}

// A 2026 notification naming a subscription that is none of ours was
// headed "received", as one mcpscope acted on: the heading says whose it
// is not, as the TUI's Detail does.
func TestExportMarkdownSaysANotificationIsNotOurs(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod(ListenMethod, func(x *mcptest.Exchange) {
		x.SSE()
		tag := func(id any) map[string]any {
			return map[string]any{"_meta": map[string]any{"io.modelcontextprotocol/subscriptionId": id}}
		}
		// The stranger's first: once ours is acknowledged (AwaitListen),
		// the stranger's was read.
		_ = x.Notify("notifications/tools/list_changed", tag("someone-else"))
		_ = x.Notify(mcp.AckMethod, tag(x.ID))
		<-x.Context().Done()
	})})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, func(ctx context.Context, s *mcp.Session) {
		if late := s.AwaitListen(ctx); late != "" {
			t.Fatal(late)
		}
	})
	var b bytes.Buffer
	if err := ExportMarkdown(&b, Header{URL: srv.Endpoint()}, l); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	if !strings.Contains(md, "`notifications/tools/list_changed`: received · for a subscription we do not have (subscriptionId \"someone-else\"), not acted on\n") {
		t.Errorf("the stranger's list_changed is not headed as not ours:\n%s", md)
	}
}

// A notification a resumed stream sent again was headed "received", as a
// new one; the TUI's row reads it replayed, and so does the heading.
func TestExportMarkdownSaysANotificationWasReplayed(t *testing.T) {
	l := NewLog()
	l.Append(mcp.Record{Seq: 1, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification,
		Method: "notifications/tools/list_changed", Conn: 1, Replayed: true, Raw: `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`}})
	var b bytes.Buffer
	if err := ExportMarkdown(&b, Header{URL: "http://127.0.0.1:9/mcp"}, l); err != nil {
		t.Fatal(err)
	}
	if md := b.String(); !strings.Contains(md, "`notifications/tools/list_changed`: received · replayed by a resumed stream, no news\n") {
		t.Errorf("the replayed list_changed is not headed as replayed:\n%s", md)
	}
}

// A forged answer to an id never sent, its record naming a method, was
// headed "`initialize`: ok", as the session's own initialize answered,
// while its line said it answered none: the heading says so too.
func TestExportMarkdownHeadsAForgedForeignAnswerAsOne(t *testing.T) {
	l := NewLog()
	l.Append(mcp.Record{Seq: 1, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse,
		ID: "77", Method: "initialize", Conn: 1, Raw: `{"jsonrpc":"2.0","id":77,"result":{}}`}})
	if k := l.Pair(0).Kind; k != KindForeign {
		t.Fatalf("the answer's row is %s, want foreign", k)
	}
	var b bytes.Buffer
	if err := ExportMarkdown(&b, Header{URL: "http://127.0.0.1:9/mcp"}, l); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	if strings.Contains(md, ". `initialize`: ") || !strings.Contains(md, ". answer to an id we never sent (its record names `initialize`): ok\n") {
		t.Errorf("the forged answer is headed as the method its record names:\n%s", md)
	}
}
