package themes

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// A theme file grown huge (64 MiB here, mostly a hole) is refused as too
// large to be a theme, by name, without being read whole: it took several
// times its size in memory before.
func TestHugeThemeFileIsRefusedUnread(t *testing.T) {
	dir := isolate(t)
	path := writeTheme(t, dir, "big.yaml", "")
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(64 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = Load("big")
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "too large for a theme") {
		t.Errorf("Load(big) = %v, want an error naming %s as too large for a theme", err, path)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
		t.Errorf("loading a 64 MiB theme allocated %d MiB", grew>>20)
	}
}
