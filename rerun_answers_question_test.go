package main

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A re-run answers a question only with what the user answered to that
// same question: a live server that asks something else (another form, a
// message to sample) is not handed what was typed for another question,
// on either era. Before, any elicitation/create got the next recorded
// answer, whatever it asked for.
func TestRerunAnswersOnlyTheQuestionAnswered(t *testing.T) {
	for _, path := range []string{"/sse", "/stateless"} {
		t.Run(path, func(t *testing.T) {
			recording := recordConfirmedByAnn(t, path)
			recs := readRecording(t, recording)
			var asked json.RawMessage
			for _, r := range recs {
				if r.RPC != nil && r.RPC.Method == "elicitation/create" && r.RPC.Class == mcp.ClassServerRequest {
					var m struct {
						Params json.RawMessage `json:"params"`
					}
					_ = json.Unmarshal([]byte(r.RPC.Raw), &m)
					asked = m.Params
				}
				if r.RPC != nil && r.RPC.Class == mcp.ClassResponse && strings.Contains(string(r.RPC.Raw), "input_required") {
					var m struct {
						Result struct {
							InputRequests map[string]struct {
								Params json.RawMessage `json:"params"`
							} `json:"inputRequests"`
						} `json:"result"`
					}
					_ = json.Unmarshal([]byte(r.RPC.Raw), &m)
					for _, q := range m.Result.InputRequests {
						asked = q.Params
					}
				}
			}
			if asked == nil {
				t.Fatal("the recording holds no elicitation question")
			}
			other := json.RawMessage(strings.Replace(string(asked), "Confirm: deploy the demo?", "Type your password", 1))
			if string(other) == string(asked) {
				t.Fatalf("the question %s did not read as the demo's", asked)
			}
			ctx := context.Background()
			f, err := history.OpenRerun(recording)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			answers := f.Answers()
			res, err := answers.Answer(ctx, mcp.InputRequest{Method: "elicitation/create", Params: other})
			if !errors.Is(err, mcp.ErrNoAnswer) || !strings.Contains(err.Error(), "asking this") {
				t.Fatalf("another question got %s, %v; want no answer, saying the server asks something else", res, err)
			}
			res, err = answers.Answer(ctx, mcp.InputRequest{Method: "elicitation/create", Params: asked})
			if err != nil || !strings.Contains(string(res), `"name":"Ann"`) {
				t.Fatalf("the recorded question got %s, %v; want the recorded answer", res, err)
			}
		})
	}
}
