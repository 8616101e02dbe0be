package mcp

import (
	"strings"
	"testing"
)

func TestParseProgress(t *testing.T) {
	tests := []struct {
		raw  string
		ok   bool
		want Progress
	}{
		{`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":1,"total":4,"message":"step 1"}}`, true,
			Progress{Token: "7", Progress: 1, Total: 4, Message: "step 1"}},
		{`{"method":"notifications/progress","params":{"progressToken":"a","progress":0.5}}`, true, Progress{Token: `"a"`, Progress: 0.5}},
		{`{"method":"notifications/progress","params":{"progress":1}}`, false, Progress{}},
		{`{"method":"notifications/message","params":{"data":"notifications/progress"}}`, false, Progress{}},
		{`notifications/progress`, false, Progress{}},
		// A member nested past encoding/json's 10,000 levels costs only itself.
		{`{"method":"notifications/progress","params":{"_meta":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `,"progressToken":3,"progress":2}}`, true, Progress{Token: "3", Progress: 2}},
		// Names match exactly, as JSON-RPC's are case-sensitive: "ProgressToken" is no token,
		// "Params" no params, "PROGRESS" no progress; a member of the wrong type is no progress.
		{`{"method":"notifications/progress","params":{"ProgressToken":3,"progress":2}}`, false, Progress{}},
		{`{"method":"notifications/progress","Params":{"progressToken":3,"progress":2}}`, false, Progress{}},
		{`{"method":"notifications/progress","params":{"progressToken":3,"PROGRESS":2}}`, true, Progress{Token: "3"}},
		{`{"method":"notifications/progress","params":{"progressToken":3,"progress":"2"}}`, false, Progress{}},
		{`{"method":"notifications/progress","params":[3]}`, false, Progress{}},
	}
	for _, tt := range tests {
		got, ok := ParseProgress([]byte(tt.raw))
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseProgress(%s) = %+v, %v; want %+v, %v", tt.raw, got, ok, tt.want, tt.ok)
		}
	}
}
