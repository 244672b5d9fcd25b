/* libFuzzer harness: index files from arbitrary bytes, opened with sb_index_open(). Byte 0 is a
 * control byte; the rest is the file. Control bit 0 set: before writing the file, the harness
 * recomputes every section checksum and the header checksum it can find (XXH64, as the format
 * defines them), so mutations get past the checksums and reach the structural checks behind
 * them. Control bit 1 set: the file is opened with `verify` (checksums and sort orders too);
 * clear: with the default bounds checks alone. Invariants: every refusal is SB_ECORRUPT (or SB_ENOMEM) with a message; an index that
 * opens answers searches in every mode, takes adds and removes, saves, and the saved file
 * opens again with the same count. */
#define _GNU_SOURCE
#include <searchbar.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char g_path[64], g_copy[64];

static void setup(void) {
    if (g_path[0]) return;
    snprintf(g_path, sizeof g_path, "/tmp/sb-fuzz-open-%d.sbindex", (int)getpid());
    snprintf(g_copy, sizeof g_copy, "/tmp/sb-fuzz-open-%d-copy.sbindex", (int)getpid());
}

/* XXH64 (the format's checksum). */
static const uint64_t P1 = 0x9E3779B185EBCA87ULL, P2 = 0xC2B2AE3D27D4EB4FULL, P3 = 0x165667B19E3779F9ULL,
                      P4 = 0x85EBCA77C2B2AE63ULL, P5 = 0x27D4EB2F165667C5ULL;
static uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
static uint64_t rd64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint64_t round64(uint64_t acc, uint64_t in) { return rotl(acc + in * P2, 31) * P1; }
static uint64_t merge64(uint64_t acc, uint64_t v) { return (acc ^ round64(0, v)) * P1 + P4; }
static uint64_t xxh64(const uint8_t *p, size_t n, uint64_t seed) {
    size_t i = 0;
    uint64_t h;
    if (n >= 32) {
        uint64_t v1 = seed + P1 + P2, v2 = seed + P2, v3 = seed, v4 = seed - P1;
        for (; i + 32 <= n; i += 32) {
            v1 = round64(v1, rd64(p + i)); v2 = round64(v2, rd64(p + i + 8));
            v3 = round64(v3, rd64(p + i + 16)); v4 = round64(v4, rd64(p + i + 24));
        }
        h = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18);
        h = merge64(h, v1); h = merge64(h, v2); h = merge64(h, v3); h = merge64(h, v4);
    } else {
        h = seed + P5;
    }
    h += n;
    for (; i + 8 <= n; i += 8) { h ^= round64(0, rd64(p + i)); h = rotl(h, 27) * P1 + P4; }
    if (i + 4 <= n) { h ^= (uint64_t)rd32(p + i) * P1; h = rotl(h, 23) * P2 + P3; i += 4; }
    for (; i < n; i++) { h ^= p[i] * P5; h = rotl(h, 11) * P1; }
    h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32;
    return h;
}

enum { HEADER = 320, ENTRY = 32, CHECKSUM_AT = 312 };

/* Recomputes the checksums of the sections that lie inside the file, then the header's. */
static void reseal(uint8_t *f, size_t n) {
    if (n < HEADER) return;
    uint32_t sections = rd32(f + 24);
    if (sections > (n - HEADER) / ENTRY) return;
    for (uint32_t k = 0; k < sections; k++) {
        uint8_t *e = f + HEADER + (size_t)k * ENTRY;
        uint64_t off = rd64(e + 8), len = rd64(e + 16);
        if (off <= n && len <= n - off) {
            uint64_t sum = xxh64(f + off, len, 0);
            memcpy(e + 24, &sum, 8);
        }
    }
    uint64_t seed = xxh64(f, CHECKSUM_AT, 0);
    uint64_t sum = xxh64(f + HEADER, (size_t)sections * ENTRY, seed);
    memcpy(f + CHECKSUM_AT, &sum, 8);
}

static void write_file(const char *path, const uint8_t *data, size_t size) {
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (size && fwrite(data, 1, size, f) != size) abort();
    if (fclose(f) != 0) abort();
}

static void exercise(sb_index *index) {
    static const char *queries[] = {"a", "ap", "東京", "x1 y", "zz", ""};
    for (uint32_t mode = 1; mode <= 3; mode++) {
        for (size_t q = 0; q < sizeof queries / sizeof *queries; q++) {
            sb_search_options options = SB_SEARCH_OPTIONS_INIT;
            options.mode = mode;
            options.limit = 20;
            sb_results *results = NULL;
            sb_status st = sb_index_search(index, queries[q], strlen(queries[q]), &options, &results);
            if (st != SB_OK) { fprintf(stderr, "search: %d %s\n", st, sb_last_error()); abort(); }
            size_t count = 0;
            if (sb_results_count(results, &count) != SB_OK) abort();
            for (int64_t i = 0; i < (int64_t)count; i++) {
                sb_hit hit;
                if (sb_results_get(results, i, &hit) != SB_OK) abort();
            }
            sb_results_free(results);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    setup();
    if (size < 1) return 0;
    uint8_t control = data[0];
    size_t n = size - 1;
    uint8_t *file = malloc(n ? n : 1);
    if (!file) abort();
    memcpy(file, data + 1, n);
    if (control & 1) reseal(file, n);
    write_file(g_path, file, n);
    free(file);

    sb_index *index = NULL;
    sb_index_options options = SB_INDEX_OPTIONS_INIT;
    options.verify = (control & 2) ? 1 : 0;
    sb_status st = sb_index_open(g_path, &options, &index);
    if (st != SB_OK) {
        if (index != NULL) abort();
        if (st != SB_ECORRUPT && st != SB_ENOMEM) { fprintf(stderr, "open: %d %s\n", st, sb_last_error()); abort(); }
        if (sb_last_error()[0] == '\0') abort();
        return 0;
    }
    exercise(index);
    sb_item item = {0};
    item.id = 7;
    item.title = "apple pie";
    item.title_len = 9;
    if (sb_index_add(index, &item, 1) != SB_OK) abort();
    uint64_t gone = 1;
    if (sb_index_remove(index, &gone, 1) != SB_OK) abort();
    exercise(index);
    size_t count = 0, reopened_count = 0;
    if (sb_index_count(index, &count) != SB_OK) abort();
    if (sb_index_save(index, g_copy) != SB_OK) { fprintf(stderr, "save: %s\n", sb_last_error()); abort(); }
    sb_index_free(index);
    sb_index *reopened = NULL;
    if (sb_index_open(g_copy, NULL, &reopened) != SB_OK) { fprintf(stderr, "reopen: %s\n", sb_last_error()); abort(); }
    if (sb_index_count(reopened, &reopened_count) != SB_OK || reopened_count != count) abort();
    sb_index_free(reopened);
    return 0;
}
