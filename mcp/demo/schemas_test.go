package demo

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// tools/list gives each input schema's properties in the order the demo
// writes them (greet: name, times, loud), as a hand-written schema reads:
// mcpscope's hints and forms list a tool's arguments in the server's order,
// so an alphabetical one would lead with loud= instead of name=.
func TestToolListKeepsThePropertiesInTheirWrittenOrder(t *testing.T) {
	ts := startDemo(t, Options{})
	header, body := modern(t, 1, "tools/list", nil, nil)
	a := rawDo(t, http.MethodPost, ts.URL+StatelessPath, header, body)
	var data string
	for _, e := range allEvents(t, a.body) {
		if strings.Contains(e.data, `"tools"`) {
			data = e.data
		}
	}
	var msg struct {
		Result struct {
			Tools []struct {
				Name        string          `json:"name"`
				InputSchema json.RawMessage `json:"inputSchema"`
			} `json:"tools"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(data), &msg); err != nil {
		t.Fatalf("tools/list answer %d %q: %v", a.status, a.body, err)
	}
	for _, tool := range msg.Result.Tools {
		if tool.Name != "greet" {
			continue
		}
		s := string(tool.InputSchema)
		name, times, loud := strings.Index(s, `"name":`), strings.Index(s, `"times":`), strings.Index(s, `"loud":`)
		if name < 0 || !(name < times && times < loud) {
			t.Errorf("greet's input schema lists its properties as %s; want name, times, loud, as written", s)
		}
		return
	}
	t.Fatalf("tools/list has no greet: %s", data)
}
