package command

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// subscriptions/listen's notifications filter is an object: typed as
// notifications='{...}' (the quotes keep the shell's splitting off the
// JSON, as a tool's object argument takes it) it reaches the server as
// that object, and the server acknowledges what it names. It went as a
// string, which a server reads as no filter at all.
func TestRunListenFilterIsAnObject(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	s, _ := open(t, srv.Endpoint())
	if _, _, err := runLine(t, s, `subscriptions/listen notifications='{"promptsListChanged":true}'`); err != nil {
		t.Fatalf("subscriptions/listen: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool {
		return r.Is("subscriptions/listen") && !strings.Contains(string(r.Body), "toolsListChanged")
	})
	if err != nil {
		t.Fatalf("the typed subscriptions/listen never reached the server: %v", err)
	}
	var body struct {
		Params struct {
			Notifications json.RawMessage `json:"notifications"`
		} `json:"params"`
	}
	_ = json.Unmarshal(req.Body, &body)
	if p := body.Params; string(p.Notifications) != `{"promptsListChanged":true}` {
		t.Errorf("subscriptions/listen sent notifications %s, want the object {\"promptsListChanged\":true}", p.Notifications)
	}
}

// Every method whose params the schemas give, beyond those the command
// line builds itself, has them typed for completion and coercion: the
// keys offered after the method, the required ones among them.
func TestParamsSchemasOfTheSchemasMethods(t *testing.T) {
	tests := []struct {
		method   string
		required []string
		keys     []string
	}{
		{"subscriptions/listen", []string{"notifications"}, []string{"notifications"}},
		{"tasks/update", []string{"taskId", "inputResponses"}, []string{"taskId", "inputResponses"}},
		{"tasks/get", []string{"taskId"}, []string{"taskId"}},
		{"notifications/cancelled", nil, []string{"requestId", "reason"}},
	}
	for _, tt := range tests {
		s := ParamsSchema(tt.method)
		if s == nil {
			t.Errorf("%s: no params schema", tt.method)
			continue
		}
		var keys []string
		for _, p := range s.Properties {
			keys = append(keys, p.Name)
		}
		if strings.Join(keys, " ") != strings.Join(tt.keys, " ") || strings.Join(s.Required, " ") != strings.Join(tt.required, " ") {
			t.Errorf("%s: keys %v required %v, want %v and %v", tt.method, keys, s.Required, tt.keys, tt.required)
		}
	}
}

// A bare subscriptions/listen asks for what the session's own listen
// stream asks for (every list change), as its notifications member is
// required; it went with none, and the server agreed to send nothing.
func TestRunBareListenAsksForTheListChanges(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	s, _ := open(t, srv.Endpoint())
	r, _, err := runLine(t, s, "subscriptions/listen")
	if err != nil {
		t.Fatalf("subscriptions/listen: %v", err)
	}
	for _, flag := range []string{"toolsListChanged", "promptsListChanged", "resourcesListChanged"} {
		if !strings.Contains(string(r.Result), `"`+flag+`":true`) {
			t.Errorf("the bare listen was acknowledged with %s, want %s among what the server agreed to send", r.Result, flag)
		}
	}
}
