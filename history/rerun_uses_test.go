package history

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// rerunEchoed re-runs the recording at path against an echoSender and
// returns it, with what it was sent, and the results in order.
func rerunEchoed(t *testing.T, path string) (*echoSender, []RerunResult) {
	t.Helper()
	f, err := OpenRerun(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	live := &echoSender{}
	var results []RerunResult
	if _, err := f.Rerun(context.Background(), live, nil, RecordOptions{}, "", func(r RerunResult) { results = append(results, r) }); err != nil {
		t.Fatal(err)
	}
	return live, results
}

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

func (e *echoSender) Tools() []mcp.Tool { return nil } // its answers list none

func (e *echoSender) ListTools(ctx context.Context, _ bool) ([]mcp.Tool, *mcp.Response, error) {
	resp, err := e.Request(ctx, "tools/list", nil)
	return nil, resp, err
}

// replay --against reads its recording from the file as it goes rather
// than holding it: the re-run of the file sends every request the client
// sent, in order, less the handshake's notification, and judges each, a
// refused POST and a request that went unanswered included; the summary
// counts what it printed as it judged them.
func TestRerunOfTheFileSendsAndJudgesEachRequest(t *testing.T) {
	all := fullSession()
	// A POST refused, whole, which the re-run reads the status of: the
	// initialize it refused was answered all the same.
	all = append(all, mcp.Record{Seq: int64(len(all) + 1), Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", URL: "http://x/mcp",
		ReqSeq: 1, Status: 503, Headers: map[string][]string{"Retry-After": {"1"}}, Body: "busy", BodySize: 4}})
	f := openRecorded(t, all)
	var s echoSender
	var got []RerunResult
	sum, err := f.Rerun(context.Background(), &s, nil, RecordOptions{}, "", func(r RerunResult) { got = append(got, r) })
	if err != nil {
		t.Fatal(err)
	}
	wantSent := []string{"initialize", "tools/list", "tools/call", "tools/call", "tools/call", "bogus/method"}
	if !reflect.DeepEqual(s.sent, wantSent) {
		t.Errorf("re-run of the file sent %q, want %q", s.sent, wantSent)
	}
	var judged []string
	for _, r := range got {
		judged = append(judged, fmt.Sprintf("%d %s %s", r.N, r.Method, r.Outcome))
	}
	want := []string{"1 initialize different", "2 tools/list different", "3 tools/call different", "4 tools/call different",
		"5 tools/call unrecorded", "6 bogus/method different"}
	if !reflect.DeepEqual(judged, want) {
		t.Errorf("re-run of the file judged %q, want %q", judged, want)
	}
	if sum.Len() != len(got) || sum.Counts() != summarize(got).Counts() {
		t.Errorf("summary %q of %d results, want %q", sum.Counts(), sum.Len(), summarize(got).Counts())
	}
}
