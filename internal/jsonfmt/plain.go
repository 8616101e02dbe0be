package jsonfmt

import (
	"encoding/json"
	"strings"
)

// Plain is v encoded as JSON on one line, as JavaScript's JSON.stringify
// and Python's json write it: & < > as they are, where json.Marshal writes
// \u0026 \u003c \u003e, which a user reads as text that was not typed or
// sent. A strings.Builder takes the encoding in one write of its exact
// size and hands it out without copying: a value of hundreds of megabytes
// is not held three times over.
func Plain(v any) (string, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}
