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

// replay --against holds only the records RerunKeep keeps, and of those
// only what Rerun reads: the re-run must send the same requests and judge
// them the same as with every record whole. No HTTP exchange is held with
// its headers or body.
func TestRerunOfTheRecordsItUsesIsTheSame(t *testing.T) {
	all := fullSession()
	// A POST refused, whole, which the re-run reads the status of.
	all = append(all, mcp.Record{Seq: int64(len(all) + 1), Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", URL: "http://x/mcp",
		ReqSeq: 1, Status: 503, Headers: map[string][]string{"Retry-After": {"1"}}, Body: "busy", BodySize: 4}})
	var kept []mcp.Record
	held := 0
	for _, rec := range all {
		if RerunKeep(&rec) {
			kept = append(kept, rec)
		}
	}
	for _, rec := range kept {
		h := rec.HTTP
		if h == nil {
			continue
		}
		held++
		if h.Headers != nil || h.RequestHeaders != nil || h.Body != "" || h.URL != "" {
			t.Errorf("record %d holds its HTTP exchange whole: %+v", rec.Seq, h)
		}
		if h.Status >= 200 && h.Status < 300 && h.Purpose != mcp.PurposeProbe {
			t.Errorf("record %d, an HTTP exchange answered %d, is held: the re-run reads nothing of it", rec.Seq, h.Status)
		}
	}
	if held == 0 {
		t.Error("the refused POST was not kept")
	}
	if len(kept) >= len(all) {
		t.Fatalf("RerunKeep kept all %d records; the events need not be held", len(all))
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
