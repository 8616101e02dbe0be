package command

import (
	"slices"
	"strings"
)

// CompletionAt says which completion/complete to send for a line being
// typed, with the cursor at byte offset cursor: ok when the cursor is in
// the value of a key=value word of `prompts/get NAME ...`, or of
// `resources/read TEMPLATE ...` (subscribe and unsubscribe too) where the
// key is one of the template's variables. The value so far is the word's
// text up to the cursor; the other key=value words of the line, before and
// after the cursor, are the context. Raw words (key:=json) are neither
// completed nor context. The caller checks that the server declared the
// completions capability before sending it.
func CompletionAt(line string, cursor int) (CompletionRequest, bool) {
	if cursor < 0 || cursor > len(line) {
		return CompletionRequest{}, false
	}
	before := SplitPartial(line[:cursor])
	n := len(before)
	if n < 3 || before[n-1].End != cursor {
		return CompletionRequest{}, false // not in a word after the target
	}
	method := Canonical(before[0].Text)
	if !targetMethods[method] {
		return CompletionRequest{}, false
	}
	key, value, ok := strings.Cut(before[n-1].Text, "=")
	if !ok || key == "" || strings.HasSuffix(key, ":") {
		return CompletionRequest{}, false
	}
	target := before[1].Text
	req := CompletionRequest{Ref: Ref{Type: "ref/prompt", Name: target}, Argument: key, Value: value, Start: before[n-1].Start}
	if resourceMethods[method] {
		vars, err := TemplateVars(target)
		if !IsTemplate(target) || err != nil || !slices.Contains(vars, key) {
			return CompletionRequest{}, false
		}
		req.Ref = Ref{Type: "ref/resource", URI: target}
	}
	all := SplitPartial(line)
	for i, w := range all {
		if w.Start == req.Start {
			req.End = w.End
			continue
		}
		if i < 2 {
			continue
		}
		k, v, ok := strings.Cut(w.Text, "=")
		if !ok || k == "" || k == key || strings.HasSuffix(k, ":") {
			continue
		}
		if req.Context == nil {
			req.Context = map[string]string{}
		}
		req.Context[k] = v
	}
	return req, true
}
