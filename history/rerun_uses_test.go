package history

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// echoSender answers every request with the same changed result, and says
// which methods it was sent.
type echoSender struct{ sent []string }

func (e *echoSender) InitializeWith(ctx context.Context, params json.RawMessage) (*mcp.Response, error) {
	return e.Request(ctx, "initialize", params)
}

func (e *echoSender) Request(_ context.Context, method string, _ json.RawMessage) (*mcp.Response, error) {
	e.sent = append(e.sent, method)
	return &mcp.Response{Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"changed":true}}`)}, nil
}

func (e *echoSender) TaskResult(ctx context.Context, params json.RawMessage) (*mcp.Response, error) {
	return e.Request(ctx, "tasks/result", params)
}

func (e *echoSender) Notify(_ context.Context, method string, _ json.RawMessage) error {
	e.sent = append(e.sent, method)
	return nil
}

func (e *echoSender) Transport() string { return mcp.TransportSSE }

func (e *echoSender) Discover(ctx context.Context) (*mcp.Response, error) {
	return e.Request(ctx, "server/discover", nil)
}

func (e *echoSender) InitializeResult() *mcp.Response { return nil }

func (e *echoSender) Subscribe(ctx context.Context, uri string) (*mcp.Response, error) {
	return e.Request(ctx, "resources/subscribe", nil)
}

func (e *echoSender) Unsubscribe(ctx context.Context, uri string) (*mcp.Response, error) {
	return e.Request(ctx, "resources/unsubscribe", nil)
}

func (e *echoSender) SetLogLevel(ctx context.Context, level string) (*mcp.Response, error) {
	return e.Request(ctx, "logging/setLevel", nil)
}

func (e *echoSender) Listen(ctx context.Context, params json.RawMessage) (*mcp.Response, error) {
	return e.Request(ctx, mcp.ListenMethod, params)
}

// replay --against holds only the records RerunUses keeps: the re-run must
// send the same requests and judge them the same as with every record.
func TestRerunOfTheRecordsItUsesIsTheSame(t *testing.T) {
	all := fullSession()
	var kept []mcp.Record
	for i := range all {
		if RerunUses(&all[i]) {
			kept = append(kept, all[i])
		}
	}
	if len(kept) >= len(all) {
		t.Fatalf("RerunUses kept all %d records; the events need not be held", len(all))
	}
	var a, b echoSender
	want := Rerun(context.Background(), all, &a, nil)
	got := Rerun(context.Background(), kept, &b, nil)
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(b.sent, a.sent) {
		t.Errorf("re-run of the kept records: sent %q, results %+v\nwant sent %q, results %+v", b.sent, got, a.sent, want)
	}
	if len(want) == 0 {
		t.Fatal("the session re-ran no request")
	}
}
