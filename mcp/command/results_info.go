package command

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// ResultInfo is what a 2026-07-28 result says about itself: whether it is
// complete, and how long a client may keep it.
type ResultInfo struct {
	// ResultType is "complete" when the result says nothing: the
	// specification counts a missing resultType as complete.
	ResultType string
	// Stated is whether the result carried resultType at all.
	Stated     bool
	TTLMs      *int64
	CacheScope string
	// Odd are ttlMs and cacheScope when they are there but not of their
	// type or not a value the protocol defines, as the server wrote them
	// (`ttlMs 1e400`, `cacheScope ""`): shown as they came,
	// never read as a zero value. A resultType of the wrong type is
	// ResultType, as written, marked.
	Odd []string
}

// ParseResultInfo reads resultType, ttlMs and cacheScope from a result.
func ParseResultInfo(result json.RawMessage) ResultInfo {
	var r struct {
		ResultType json.RawMessage `json:"resultType"`
		TTLMs      json.RawMessage `json:"ttlMs"`
		CacheScope json.RawMessage `json:"cacheScope"`
	}
	// The one scanner reads the members whatever lies below them: a result
	// too deep for encoding/json still shows the resultType it states.
	if doc, err := jsonspan.Parse(result, jsonspan.Limits{Depth: 1}); err == nil {
		root := doc.Root()
		r.ResultType, r.TTLMs, r.CacheScope = root.Get("resultType").Raw(), root.Get("ttlMs").Raw(), root.Get("cacheScope").Raw()
	}
	// A member that is null says nothing, as before these were read raw:
	// a ttlMs of null is no ttlMs, not 0 (do not cache).
	for _, raw := range []*json.RawMessage{&r.ResultType, &r.TTLMs, &r.CacheScope} {
		if string(*raw) == "null" {
			*raw = nil
		}
	}
	info := ResultInfo{ResultType: "complete"}
	if len(r.ResultType) > 0 {
		info.Stated = true
		if json.Unmarshal(r.ResultType, &info.ResultType) != nil {
			info.ResultType = mcp.Excerpt(r.ResultType) + notAString
		}
	}
	if len(r.TTLMs) > 0 {
		if ttl, oddTTL := ReadTTL(r.TTLMs); oddTTL == "" {
			info.TTLMs = &ttl
		} else {
			info.Odd = append(info.Odd, oddTTL)
		}
	}
	if len(r.CacheScope) > 0 {
		var scope string
		if json.Unmarshal(r.CacheScope, &scope) != nil {
			info.Odd = append(info.Odd, "cacheScope "+mcp.Excerpt(r.CacheScope)+notAString)
		} else if words, defined := CacheScopeWords(scope); defined {
			info.CacheScope = scope
		} else {
			info.Odd = append(info.Odd, words)
		}
	}
	return info
}

// ReadTTL reads a result's ttlMs: its milliseconds, or, when it is no
// whole number of milliseconds (`"soon"`, `1e400`) or a negative one, the
// words ResultInfo says it in: "ttlMs -5 (negative: no time a result can
// be kept)".
func ReadTTL(raw json.RawMessage) (int64, string) {
	return readMillis("ttlMs", raw, "", "negative: no time a result can be kept")
}

// readMillis reads milliseconds named name, or says why they are none,
// the value as written and why in parentheses, after invalid (a caller's
// "invalid: "): "NAME X (not a whole number of milliseconds)", "NAME
// 1e300 (past the largest whole number of milliseconds, 9223372036854775807)" for a whole
// number no client can hold (it read as "not a whole number"), "NAME -5
// (negative)" for a negative one.
func readMillis(name string, raw json.RawMessage, invalid, negative string) (int64, string) {
	var ms int64
	if json.Unmarshal(raw, &ms) != nil {
		// A whole number written otherwise (1e3, 1000.0) is that number:
		// JSON has one kind of number, and encoding/json takes neither
		// form into an int64.
		f, err := strconv.ParseFloat(string(raw), 64)
		switch {
		case err != nil && !errors.Is(err, strconv.ErrRange), f != math.Trunc(f) && !math.IsInf(f, 0):
			return 0, fmt.Sprintf("%s %s (%snot a whole number of milliseconds)", name, mcp.Excerpt(raw), invalid)
		case f <= -math.MaxInt64:
			return 0, fmt.Sprintf("%s %s (%s)", name, mcp.Excerpt(raw), negative)
		case f >= math.MaxInt64:
			return 0, fmt.Sprintf("%s %s (%spast the largest whole number of milliseconds, %d)", name, mcp.Excerpt(raw), invalid, int64(math.MaxInt64))
		}
		ms = int64(f)
	}
	if ms < 0 {
		return 0, fmt.Sprintf("%s %s (%s)", name, mcp.Excerpt(raw), negative)
	}
	return ms, ""
}

// CacheScopeWords says a result's cacheScope string: "cacheScope public",
// or, for "" or a scope the revision does not define, the value as written
// and the scopes it defines (defined false): "" left the line without it,
// and another word read as a scope a client would honour.
func CacheScopeWords(scope string) (words string, defined bool) {
	if scope == "public" || scope == "private" {
		return "cacheScope " + scope, true
	}
	return "cacheScope " + mcp.Excerpt(argString(scope)) + " (not public or private, the scopes the protocol defines)", false
}

// OlderFieldsNote follows 2026's result fields (resultType, ttlMs,
// cacheScope) found in an answer of a session of an earlier version, say
// 2025-11-25 ("" if unknown): some servers send them on every era, and
// read by 2026's rules they would tell a 2025 client what it need not
// heed.
func OlderFieldsNote(version string) string {
	session := "an older session"
	if version != "" {
		session = "a " + version + " session"
	}
	return " (2026-07-28's fields: " + session + " gives them no meaning)"
}

// notAString marks a value of the wrong type shown as written: a
// resultType or cacheScope, a system prompt or elicitation message
// (textOrExcerpt).
const notAString = " (not a string)"

// String is the info as one line, e.g. "resultType complete · ttlMs 60000
// · cacheScope public".
func (i ResultInfo) String() string {
	s := "resultType " + i.ResultType
	switch {
	case !i.Stated:
		s += " (not stated; a missing one counts as complete)"
	case i.ResultType != "complete" && i.ResultType != "input_required" && !strings.HasSuffix(i.ResultType, notAString):
		s += " (not a resultType the protocol defines; read as complete)"
	}
	if i.TTLMs != nil {
		s += fmt.Sprintf(" · ttlMs %d", *i.TTLMs)
	}
	if i.CacheScope != "" {
		words, _ := CacheScopeWords(i.CacheScope)
		s += " · " + words
	}
	for _, o := range i.Odd {
		s += " · " + o
	}
	return s
}
