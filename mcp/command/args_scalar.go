package command

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonfmt"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// Scalars as people type them: numbers may carry a "+" sign, leading zeros, ".5" or
// "5."; what is sent is always a valid JSON number, and an integer is sent in plain
// digits (1e3 as 1000) because many servers decode integers with a strict int parser.

// argDecimal is a number split into its parts without going through float64, so
// that long integers keep every digit.
type argDecimal struct {
	neg       bool
	int, frac string // digits before and after the point
	exp       string // exponent digits with their sign as typed
	hasExp    bool
}

func argScanDecimal(t string) (argDecimal, bool) {
	var d argDecimal
	i := 0
	digits := func() string {
		start := i
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
		}
		return t[start:i]
	}
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		d.neg = t[i] == '-'
		i++
	}
	d.int = digits()
	if i < len(t) && t[i] == '.' {
		i++
		d.frac = digits()
	}
	if d.int == "" && d.frac == "" {
		return d, false
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		i++
		start := i
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			i++
		}
		if digits() == "" {
			return d, false
		}
		d.exp, d.hasExp = t[start:i], true
	}
	return d, i == len(t)
}

// argNumber returns t as JSON number text.
func argNumber(t string) (string, bool) {
	d, ok := argScanDecimal(t)
	if !ok {
		return "", false
	}
	var b strings.Builder
	if d.neg {
		b.WriteByte('-')
	}
	if n := strings.TrimLeft(d.int, "0"); n != "" {
		b.WriteString(n)
	} else {
		b.WriteByte('0')
	}
	if d.frac != "" {
		b.WriteString("." + d.frac)
	}
	if d.hasExp {
		b.WriteString("e" + d.exp)
	}
	return b.String(), true
}

// argMaxShift bounds the zeros an exponent may add, so "1e999999999" cannot eat memory.
const argMaxShift = 1000

// argInteger returns t as plain JSON integer digits when its value is a whole number.
func argInteger(t string) (string, bool) {
	d, ok := argScanDecimal(t)
	if !ok {
		return "", false
	}
	digits := strings.TrimLeft(d.int+d.frac, "0")
	if digits == "" {
		return "0", true
	}
	exp := 0
	if d.hasExp {
		n, err := strconv.Atoi(d.exp)
		if err != nil {
			return "", false
		}
		exp = n
	}
	shift := exp - len(d.frac)
	switch {
	case shift > argMaxShift:
		return "", false
	case shift >= 0:
		digits += strings.Repeat("0", shift)
	case -shift >= len(digits) || strings.Trim(digits[len(digits)+shift:], "0") != "":
		return "", false
	default:
		digits = digits[:len(digits)+shift]
	}
	if d.neg {
		digits = "-" + digits
	}
	return digits, true
}

func argBool(t string) (bool, bool) {
	switch strings.ToLower(t) {
	case "true", "yes", "1", "on":
		return true, true
	case "false", "no", "0", "off":
		return false, true
	}
	return false, false
}

// argString encodes text as a JSON string without HTML escaping, so <, > and & read as typed.
func argString(text string) json.RawMessage {
	s, _ := jsonfmt.Plain(text) // a string always encodes
	return json.RawMessage(s)
}

// argTry reads text as one JSON type; "string" never matches here so that it is tried last.
func argTry(kind, text string) (json.RawMessage, bool) {
	t := strings.TrimSpace(text)
	switch kind {
	case "integer":
		n, ok := argInteger(t)
		return json.RawMessage(n), ok
	case "number":
		n, ok := argNumber(t)
		return json.RawMessage(n), ok
	case "boolean":
		b, ok := argBool(t)
		return json.RawMessage(strconv.FormatBool(b)), ok
	case "null":
		return json.RawMessage("null"), strings.EqualFold(t, "null")
	case "object", "array":
		// At any depth: one too deep to send is parseArgs's to say. Only
		// the kind counts here, so text that is no JSON is not read
		// again for encoding/json's words (argJSON).
		want := jsonspan.Object
		if kind == "array" {
			want = jsonspan.Array
		}
		doc, err := jsonspan.Parse([]byte(t), jsonspan.Limits{Depth: 1})
		return json.RawMessage(t), err == nil && doc.Root().Kind() == want
	}
	return nil, false
}

func argEnumMatch(text string, member json.RawMessage) bool {
	if m, plain := schemaPlainString(member); plain {
		return text == m
	}
	t := strings.TrimSpace(text)
	switch m := schemaNumbers(member).(type) {
	case string:
		return text == m
	case json.Number:
		n, ok := argNumber(t)
		return ok && schemaEqual(json.Number(n), m)
	case bool:
		b, ok := argBool(t)
		return ok && b == m
	case nil:
		return strings.EqualFold(t, "null") && bytes.Equal(bytes.TrimSpace(member), []byte("null"))
	default:
		return json.Valid([]byte(t)) && schemaEqual(schemaNumbers([]byte(t)), m)
	}
}
