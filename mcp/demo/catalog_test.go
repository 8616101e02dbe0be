package demo

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// In the eras with sessions, a tool set added belongs to its session.
func TestMcpAddChangesToolList(t *testing.T) {
	for _, e := range []era{legacyEra, streamableEra} {
		t.Run(e.name, func(t *testing.T) { testMcpAddChangesToolList(t, e) })
	}
}

func testMcpAddChangesToolList(t *testing.T, e era) {
	changed := make(chan struct{}, 8)
	copts := &mcp.ClientOptions{ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
		changed <- struct{}{}
	}}
	ts := startDemo(t, Options{})
	cs := e.connect(t, ts.URL, copts)

	if _, ok := toolNames(t, cs)["fetch_url"]; ok {
		t.Fatal("fetch_url listed before mcp-add, want it absent")
	}
	res := call(t, cs, "mcp-add", map[string]any{"name": "fetch"})
	if got := text(t, res); res.IsError || !strings.Contains(got, "fetch_url") {
		t.Fatalf("mcp-add fetch = %q isError=%v, want success naming fetch_url", got, res.IsError)
	}
	select {
	case <-changed:
	case <-time.After(testTimeout):
		t.Fatal("no notifications/tools/list_changed after mcp-add")
	}
	tools := toolNames(t, cs)
	if _, ok := tools["fetch_url"]; !ok {
		t.Fatalf("tools after mcp-add fetch = %v, want fetch_url among them", tools)
	}
	got := text(t, call(t, cs, "fetch_url", map[string]any{"url": "https://example.com/docs?q=1"}))
	if !strings.HasPrefix(got, "# example.com/docs\n") || !strings.Contains(got, "query: q=1") {
		t.Errorf("fetch_url = %q, want the canned page for example.com/docs", got)
	}

	again := call(t, cs, "mcp-add", map[string]any{"name": "fetch"})
	if got := text(t, again); !again.IsError || !strings.Contains(got, "already added") {
		t.Errorf("second mcp-add fetch = %q isError=%v, want isError saying already added", got, again.IsError)
	}

	// Tool sets belong to the session: a new session starts without them.
	other := e.connect(t, ts.URL, nil)
	if _, ok := toolNames(t, other)["fetch_url"]; ok {
		t.Error("a second session sees fetch_url added by the first, want sessions independent")
	}
}

// Without sessions there is one tool list for everyone: a set added by one
// client is there for the next. (Its list_changed notification is in
// TestStatelessListen.)
func TestStatelessMcpAddIsShared(t *testing.T) {
	ts := startDemo(t, Options{})
	first := statelessEra.connect(t, ts.URL, nil)
	if res := call(t, first, "mcp-add", map[string]any{"name": "time"}); res.IsError {
		t.Fatalf("mcp-add time: %s", text(t, res))
	}
	other := statelessEra.connect(t, ts.URL, nil)
	if _, ok := toolNames(t, other)["time_now"]; !ok {
		t.Error("a second stateless client does not see time_now, want one tool list for all")
	}
	if again := call(t, other, "mcp-add", map[string]any{"name": "time"}); !again.IsError || !strings.Contains(text(t, again), "already added") {
		t.Errorf("mcp-add time from a second client = %q, want already added", text(t, again))
	}
}

func TestMcpFind(t *testing.T) {
	cs := connect(t, startDemo(t, Options{}).URL, nil)
	call(t, cs, "mcp-add", map[string]any{"name": "time"})
	tests := []struct {
		query     string
		wantNames []string
		wantAdded []bool
	}{
		{"", []string{"fetch", "time", "dice"}, []bool{false, true, false}},
		{"ROLL", []string{"dice"}, []bool{false}},
		{"time_now", []string{"time"}, []bool{true}},
		{"weather", []string{}, []bool{}},
	}
	for _, tt := range tests {
		res := call(t, cs, "mcp-find", map[string]any{"query": tt.query})
		var out findAnswer
		if err := remarshalInto(res.StructuredContent, &out); err != nil {
			t.Fatalf("mcp-find %q structured content: %v", tt.query, err)
		}
		names, added := []string{}, []bool{}
		for _, s := range out.Sets {
			names = append(names, s.Name)
			added = append(added, s.Added)
		}
		if !reflect.DeepEqual(names, tt.wantNames) || !reflect.DeepEqual(added, tt.wantAdded) {
			t.Errorf("mcp-find %q = %v added %v, want %v added %v", tt.query, names, added, tt.wantNames, tt.wantAdded)
		}
	}
}

func TestCatalogTools(t *testing.T) {
	cs := connect(t, startDemo(t, Options{}).URL, nil)
	for _, name := range []string{"fetch", "time", "dice"} {
		if res := call(t, cs, "mcp-add", map[string]any{"name": name}); res.IsError {
			t.Fatalf("mcp-add %s: %s", name, text(t, res))
		}
	}

	roll := map[string]any{"sides": 20, "count": 3, "seed": 7}
	first, second := text(t, call(t, cs, "dice_roll", roll)), text(t, call(t, cs, "dice_roll", roll))
	if first != second || !strings.HasPrefix(first, "rolled 3d20: ") {
		t.Errorf("dice_roll %v twice = %q then %q, want the same 3d20 roll", roll, first, second)
	}

	res := call(t, cs, "time_now", map[string]any{})
	var now timeAnswer
	if err := remarshalInto(res.StructuredContent, &now); err != nil {
		t.Fatalf("time_now structured content: %v", err)
	}
	if parsed, err := time.Parse(time.RFC3339, now.Time); err != nil || now.Timezone != "UTC" || parsed.Unix() != now.Unix {
		t.Errorf("time_now = %+v, want UTC, an RFC 3339 time and the matching unix seconds", now)
	}

	bad := call(t, cs, "fetch_url", map[string]any{"url": "ftp://example.com"})
	if got := text(t, bad); !bad.IsError || !strings.Contains(got, "http or https") {
		t.Errorf("fetch_url ftp://example.com = %q isError=%v, want isError asking for http or https", got, bad.IsError)
	}
}
