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

// replay --against reads its recording from the file as it goes rather
// than holding it: the re-run of the file must send the same requests and
// judge them the same as a re-run of every record held whole, a refused
// POST and a probe included, and print each result as it is judged.
func TestRerunOfTheFileIsTheSame(t *testing.T) {
	all := fullSession()
	// A POST refused, whole, which the re-run reads the status of.
	all = append(all, mcp.Record{Seq: int64(len(all) + 1), Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", URL: "http://x/mcp",
		ReqSeq: 1, Status: 503, Headers: map[string][]string{"Retry-After": {"1"}}, Body: "busy", BodySize: 4}})
	f, err := OpenRerun(record(t, all, RecordOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var a, b echoSender
	want := Rerun(context.Background(), all, &a, nil)
	var got []RerunResult
	sum, err := f.Rerun(context.Background(), &b, nil, RecordOptions{}, "", func(r RerunResult) { got = append(got, r) })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(b.sent, a.sent) {
		t.Errorf("re-run of the file: sent %q, results %+v\nwant sent %q, results %+v", b.sent, got, a.sent, want)
	}
	if len(want) == 0 {
		t.Fatal("the session re-ran no request")
	}
	if sum.Len() != len(want) || sum.Counts() != summarize(want).Counts() {
		t.Errorf("summary %q of %d results, want %q", sum.Counts(), sum.Len(), summarize(want).Counts())
	}
}
