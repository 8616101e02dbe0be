package command

import "testing"

func TestSuggestMethodNames(t *testing.T) {
	tests := []struct{ word, want string }{
		{"tool/list", "tools/list"},
		{"tools/cal", "tools/call"},
		{"prompt/get", "prompts/get"},
		{"resource/read", "resources/read"},
		{"initalize", "initialize"},
		{"loglevl", "loglevel"},
		{"task/list", "tasks/list"},
		{"tasks/resutl", "tasks/result"},
		{"tasks/cancel", ""},
		{"pnig", "ping"}, // two letters swapped are one slip
		{"lsit", "list"},
		{"pnog", ""}, // two edits in a short word
		{"tools/list", ""},
		{"call", ""},
		{"my/method", ""},
		{"x", ""},
	}
	for _, tc := range tests {
		if got := suggestMethod(tc.word); got != tc.want {
			t.Errorf("suggestMethod(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}
