package mcp

import "testing"

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
	}
	for _, tt := range tests {
		got, ok := ParseProgress([]byte(tt.raw))
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseProgress(%s) = %+v, %v; want %+v, %v", tt.raw, got, ok, tt.want, tt.ok)
		}
	}
}
