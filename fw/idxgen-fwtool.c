/* SPDX-License-Identifier: MIT */
/*
 * idxgen-fwtool - build and check idxgen firmware images.
 *
 * `build` turns the readable source (fw/idxgen-fw.txt) into an image laid out
 * as include/idxgen_hw.h describes; `check` runs the very checker the device
 * runs (igm_fw_check() from the model), so an image this tool accepts is
 * an image the device accepts.  `build` checks its own output the same way
 * before writing it.  Pure C11.  See usage() for the manual.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen_le.h"
#include "idxgen_model.h"

#define PROG "idxgen-fwtool"

static void usage(FILE *f)
{
	fputs("NAME\n"
	      "    idxgen-fwtool - build and check idxgen firmware images\n"
	      "\n"
	      "SYNOPSIS\n"
	      "    idxgen-fwtool build SOURCE IMAGE\n"
	      "    idxgen-fwtool check IMAGE\n"
	      "    idxgen-fwtool --help\n"
	      "\n"
	      "DESCRIPTION\n"
	      "    An idxgen firmware image is a 64-byte header (magic \"IXFW\", format\n"
	      "    version, firmware version, payload length, CRC-32, build name)\n"
	      "    followed by 4-byte-aligned records; exactly one PARAMS record gives\n"
	      "    the device's limits.  The driver hands the image to the device, which\n"
	      "    checks it and applies the parameters as its capability registers.\n"
	      "    The layout is defined in include/idxgen_hw.h and docs/hardware.md.\n"
	      "\n"
	      "COMMANDS\n"
	      "    build SOURCE IMAGE\n"
	      "        Read the key = value SOURCE (see SOURCE FORMAT), write IMAGE.\n"
	      "        The image is checked exactly as the device would check it\n"
	      "        before it is written; nothing is written on any error.\n"
	      "        SOURCE may be - for standard input.\n"
	      "\n"
	      "    check IMAGE\n"
	      "        Check IMAGE with the device's checker against this hardware\n"
	      "        generation's maxima and print its fields.  On failure print the\n"
	      "        status (ERR_SIZE, ERR_MAGIC, ERR_FORMAT, ERR_LENGTH, ERR_CRC,\n"
	      "        ERR_PARAMS, as in the device's FW_STATUS register) and the reason\n"
	      "        on standard error.\n"
	      "\n"
	      "    -h, --help\n"
	      "        Print this manual.\n"
	      "\n"
	      "SOURCE FORMAT\n"
	      "    One key = value per line; # starts a comment; blank lines are\n"
	      "    ignored.  Numbers are decimal or 0x-prefixed hex.  Every key is\n"
	      "    required, exactly once:\n"
	      "\n"
	      "    fw_version = MAJOR.MINOR.PATCH   major <= 65535, minor, patch <= 255\n"
	      "    name = TEXT                      at most 24 characters\n"
	      "    max_threads = N                  1 .. 1048576 threads per block\n"
	      "    max_dim_x = N                    1 .. 65535 (likewise _y, _z)\n"
	      "    hist_entries = N                 1 .. 64 history-cache entries\n"
	      "    features = F | F ...             WORD16 WORD32 INCREMENTAL HIST_RANGE\n"
	      "                                     DEBUG SCHED_ORDERS, or numbers; at\n"
	      "                                     least one of WORD16, WORD32\n"
	      "\n"
	      "    Optional:\n"
	      "    schedule_table = default         the default schedule table (sequential,\n"
	      "                                     strided, zigzag, tiled, hilbert entries);\n"
	      "                                     needs SCHED_ORDERS\n"
	      "\n"
	      "EXIT STATUS\n"
	      "    0   success (build: image written; check: image valid)\n"
	      "    1   the source or the image is invalid, or an I/O error\n"
	      "    2   usage error\n"
	      "\n"
	      "EXAMPLES\n"
	      "    idxgen-fwtool build fw/idxgen-fw.txt build/fw/idxgen-fw.bin\n"
	      "    idxgen-fwtool check /lib/firmware/idxgen/idxgen-fw.bin\n"
	      "\n"
	      "FILES\n"
	      "    fw/idxgen-fw.txt                   source of the default image\n"
	      "    /lib/firmware/idxgen/idxgen-fw.bin where the driver loads it from\n",
	      f);
}

static int err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int err(const char *fmt, ...)
{
	va_list ap;

	fputs(PROG ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 1;
}

/* ------------------------------------------------------------------ */
/* Source parsing                                                      */
/* ------------------------------------------------------------------ */

enum key { K_VERSION, K_NAME, K_THREADS, K_DIM_X, K_DIM_Y, K_DIM_Z, K_HIST, K_FEATURES,
	   K_SCHED, K_N };

static const char *const key_names[K_N] = {
	"fw_version", "name", "max_threads", "max_dim_x",
	"max_dim_y",  "max_dim_z", "hist_entries", "features", "schedule_table",
};

static const struct {
	const char *name;
	uint32_t bit;
} feature_names[] = {
	{ "WORD16", IDXGEN_FEAT_WORD16 },	  { "WORD32", IDXGEN_FEAT_WORD32 },
	{ "INCREMENTAL", IDXGEN_FEAT_INCREMENTAL }, { "HIST_RANGE", IDXGEN_FEAT_HIST_RANGE },
	{ "DEBUG", IDXGEN_FEAT_DEBUG },	  { "SCHED_ORDERS", IDXGEN_FEAT_SCHED_ORDERS },
};

struct source {
	uint32_t version;
	char name[25];
	uint32_t max_threads, max_dim[3], hist_entries, features;
	int sched_table;	/* schedule_table = default: the model's default table */
};

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n'))
		*--e = '\0';
	return s;
}

/* A whole-string number in [lo, hi]; decimal or 0x hex. */
static int parse_num(const char *s, uint32_t lo, uint32_t hi, uint32_t *out)
{
	char *end;
	unsigned long long v;

	if (!*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || *end || v < lo || v > hi)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

static int parse_version(char *s, uint32_t *out)
{
	uint32_t part[3], max[3] = { 65535, 255, 255 };
	char *tok = s;
	int i;

	for (i = 0; i < 3; i++) {
		char *dot = strchr(tok, '.');

		if ((i < 2) != (dot != NULL))
			return -1;
		if (dot)
			*dot = '\0';
		if (parse_num(tok, 0, max[i], &part[i]))
			return -1;
		tok = dot ? dot + 1 : tok;
	}
	*out = IDXGEN_FW_VERSION(part[0], part[1], part[2]);
	return 0;
}

static int parse_features(char *s, uint32_t *out)
{
	char *tok;
	size_t i;

	*out = 0;
	for (tok = strtok(s, "| \t"); tok; tok = strtok(NULL, "| \t")) {
		uint32_t v;

		for (i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
			if (!strcmp(tok, feature_names[i].name))
				break;
		if (i < sizeof(feature_names) / sizeof(feature_names[0]))
			*out |= feature_names[i].bit;
		else if (!parse_num(tok, 0, UINT32_MAX, &v))
			*out |= v;
		else
			return -1;
	}
	return 0;
}

static int parse_source(FILE *f, const char *path, struct source *src)
{
	char line[512];
	int seen[K_N] = { 0 }, lineno = 0, k;

	memset(src, 0, sizeof(*src));
	while (fgets(line, sizeof(line), f)) {
		char *hash, *eq, *key, *val;
		int bad = 0;

		lineno++;
		if (!strchr(line, '\n') && !feof(f))
			return err("%s:%d: line too long", path, lineno);
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		key = trim(line);
		if (!*key)
			continue;
		eq = strchr(key, '=');
		if (!eq)
			return err("%s:%d: expected key = value", path, lineno);
		*eq = '\0';
		val = trim(eq + 1);
		key = trim(key);
		for (k = 0; k < K_N; k++)
			if (!strcmp(key, key_names[k]))
				break;
		if (k == K_N)
			return err("%s:%d: unknown key '%s'", path, lineno, key);
		if (seen[k]++)
			return err("%s:%d: '%s' given twice", path, lineno, key);
		switch (k) {
		case K_VERSION:
			bad = parse_version(val, &src->version);
			break;
		case K_NAME:
			bad = !*val || strlen(val) > sizeof(src->name) - 1;
			if (!bad)
				strcpy(src->name, val);
			break;
		case K_THREADS:
			bad = parse_num(val, 1, IDXGEN_HW_MAX_THREADS, &src->max_threads);
			break;
		case K_DIM_X:
		case K_DIM_Y:
		case K_DIM_Z:
			bad = parse_num(val, 1, IDXGEN_HW_MAX_DIM, &src->max_dim[k - K_DIM_X]);
			break;
		case K_HIST:
			bad = parse_num(val, 1, IDXGEN_HW_MAX_HIST, &src->hist_entries);
			break;
		case K_FEATURES:
			bad = parse_features(val, &src->features);
			break;
		case K_SCHED:
			/* optional; "default" is the only table so far */
			bad = strcmp(val, "default") != 0;
			src->sched_table = !bad;
			break;
		default:
			break;
		}
		if (bad)
			return err("%s:%d: invalid value for %s (see --help)", path, lineno,
				   key_names[k]);
	}
	if (ferror(f))
		return err("%s: read error", path);
	for (k = 0; k < K_N; k++)
		if (!seen[k] && k != K_SCHED)
			return err("%s: missing key '%s'", path, key_names[k]);
	if (src->sched_table && !(src->features & IDXGEN_FEAT_SCHED_ORDERS))
		return err("%s: schedule_table needs the SCHED_ORDERS feature", path);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Image                                                               */
/* ------------------------------------------------------------------ */

#define HDR	sizeof(struct idxgen_fw_header)
#define REC	sizeof(struct idxgen_fw_record)
#define PARAMS	sizeof(struct idxgen_fw_params)
#define SCHED_LEN (sizeof(struct idxgen_fw_sched_table) + \
		   IGM_SCHED_DEFAULT_COUNT * sizeof(struct idxgen_fw_sched_entry))
/* header, PARAMS, [SCHED_TABLE,] END */
#define IMG_MAX	(HDR + REC + PARAMS + REC + SCHED_LEN + REC)

static size_t build_image(uint8_t *img, const struct source *s)
{
	const size_t img_len = HDR + REC + PARAMS + REC + (s->sched_table ? REC + SCHED_LEN : 0);
	uint8_t *p = img + HDR;
	unsigned int i;

	memset(img, 0, IMG_MAX);
	igm_st16(p + offsetof(struct idxgen_fw_record, type), IDXGEN_FW_REC_PARAMS);
	igm_st16(p + offsetof(struct idxgen_fw_record, len), PARAMS);
	p += REC;
	igm_st32(p + offsetof(struct idxgen_fw_params, max_threads), s->max_threads);
	igm_st16(p + offsetof(struct idxgen_fw_params, max_dim_x), s->max_dim[0]);
	igm_st16(p + offsetof(struct idxgen_fw_params, max_dim_y), s->max_dim[1]);
	igm_st16(p + offsetof(struct idxgen_fw_params, max_dim_z), s->max_dim[2]);
	igm_st16(p + offsetof(struct idxgen_fw_params, hist_entries), s->hist_entries);
	igm_st32(p + offsetof(struct idxgen_fw_params, features), s->features);
	p += PARAMS;	/* 20 bytes: already 4-byte aligned, no padding */
	if (s->sched_table) {
		igm_st16(p + offsetof(struct idxgen_fw_record, type), IDXGEN_FW_REC_SCHED_TABLE);
		igm_st16(p + offsetof(struct idxgen_fw_record, len), SCHED_LEN);
		p += REC;
		igm_st16(p + offsetof(struct idxgen_fw_sched_table, count), IGM_SCHED_DEFAULT_COUNT);
		p += sizeof(struct idxgen_fw_sched_table);
		for (i = 0; i < IGM_SCHED_DEFAULT_COUNT; i++) {
			const struct igm_sched_cfg *e = &igm_sched_default[i];

			p[offsetof(struct idxgen_fw_sched_entry, order)] = (uint8_t)e->order;
			igm_st16(p + offsetof(struct idxgen_fw_sched_entry, granularity), e->granularity);
			igm_st32(p + offsetof(struct idxgen_fw_sched_entry, stride), e->stride);
			igm_st16(p + offsetof(struct idxgen_fw_sched_entry, tile_w), e->tile_w);
			igm_st16(p + offsetof(struct idxgen_fw_sched_entry, tile_h), e->tile_h);
			memcpy(p + offsetof(struct idxgen_fw_sched_entry, name), e->name,
			       strlen(e->name));
			p += sizeof(struct idxgen_fw_sched_entry);
		}
	}
	igm_st16(p + offsetof(struct idxgen_fw_record, type), IDXGEN_FW_REC_END);

	igm_st32(img + offsetof(struct idxgen_fw_header, magic), IDXGEN_FW_MAGIC);
	igm_st16(img + offsetof(struct idxgen_fw_header, format_version), IDXGEN_FW_FORMAT_VERSION);
	igm_st16(img + offsetof(struct idxgen_fw_header, header_size), HDR);
	igm_st32(img + offsetof(struct idxgen_fw_header, fw_version), s->version);
	igm_st32(img + offsetof(struct idxgen_fw_header, payload_len), (uint32_t)(img_len - HDR));
	memcpy(img + offsetof(struct idxgen_fw_header, name), s->name, strlen(s->name));
	/* CRC last, over the whole image with the crc32 field still zero */
	igm_st32(img + offsetof(struct idxgen_fw_header, crc32), igm_crc32(0, img, img_len));
	return img_len;
}

/* Why a check failed, in words, for the status igm_fw_check returned. */
static const char *reason(int st, const uint8_t *img, size_t len)
{
	static char buf[160];

	switch (st) {
	case IDXGEN_FW_ERR_SIZE:
		snprintf(buf, sizeof(buf), "image is %zu bytes; must be %zu..%u", len, HDR,
			 IDXGEN_FW_MAX_SIZE);
		return buf;
	case IDXGEN_FW_ERR_MAGIC:
		snprintf(buf, sizeof(buf), "magic is 0x%08x, not 0x%08x (\"IXFW\")", igm_ld32(img),
			 IDXGEN_FW_MAGIC);
		return buf;
	case IDXGEN_FW_ERR_FORMAT:
		return "unsupported format version or header size, or nonzero flags/reserved";
	case IDXGEN_FW_ERR_LENGTH:
		snprintf(buf, sizeof(buf), "header says %zu + %u bytes, file has %zu", HDR,
			 igm_ld32(img + offsetof(struct idxgen_fw_header, payload_len)), len);
		return buf;
	case IDXGEN_FW_ERR_CRC: {
		uint8_t h[HDR];

		memcpy(h, img, HDR);
		memset(h + offsetof(struct idxgen_fw_header, crc32), 0, 4);
		snprintf(buf, sizeof(buf), "crc32 is 0x%08x, image has 0x%08x",
			 igm_ld32(img + offsetof(struct idxgen_fw_header, crc32)),
			 igm_crc32(igm_crc32(0, h, HDR), img + HDR, len - HDR));
		return buf;
	}
	case IDXGEN_FW_ERR_PARAMS:
		return "bad records: not exactly one PARAMS record of the right size, a record "
		       "past the end, or a parameter out of range";
	default:
		return "unexpected status";
	}
}

static void print_info(const char *path, size_t len, const uint8_t *img,
		       const struct igm_fw_info *fi)
{
	size_t i;

	printf("%s: valid idxgen firmware image\n", path);
	printf("  size          %zu bytes (header %zu, payload %zu)\n", len, HDR, len - HDR);
	printf("  format        %u\n", IDXGEN_FW_FORMAT_VERSION);
	printf("  fw_version    %u.%u.%u (0x%06x)\n", fi->version >> 16, (fi->version >> 8) & 0xff,
	       fi->version & 0xff, fi->version);
	printf("  name          %s\n", fi->name);
	printf("  crc32         0x%08x\n", igm_ld32(img + offsetof(struct idxgen_fw_header, crc32)));
	printf("  max_threads   %u\n", fi->max_threads);
	printf("  max_dim       %u x %u x %u\n", fi->max_dim[0], fi->max_dim[1], fi->max_dim[2]);
	printf("  hist_entries  %u\n", fi->hist_entries);
	printf("  features      0x%x", fi->features);
	for (i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
		if (fi->features & feature_names[i].bit)
			printf(" %s", feature_names[i].name);
	printf("\n");
	printf("  schedules     %u", fi->sched_count);
	for (i = 0; i < fi->sched_count; i++)
		printf(" %s", fi->sched[i].name);
	printf("\n");
}

static int cmd_build(const char *src_path, const char *out_path)
{
	struct source src;
	struct igm_fw_info fi;
	uint8_t img[IMG_MAX];
	char tmp[4096];
	FILE *f = strcmp(src_path, "-") ? fopen(src_path, "r") : stdin;
	size_t len;
	int st, rc;

	if (!f)
		return err("%s: %s", src_path, strerror(errno));
	rc = parse_source(f, src_path, &src);
	if (f != stdin)
		fclose(f);
	if (rc)
		return rc;
	if (!(src.features & (IDXGEN_FEAT_WORD16 | IDXGEN_FEAT_WORD32)))
		return err("%s: features must include WORD16 or WORD32", src_path);
	len = build_image(img, &src);
	st = igm_fw_check(img, len, NULL, 0, &fi);
	if (st != IDXGEN_FW_OK)
		return err("%s: built image fails the device check: %s: %s", src_path,
			   igm_fw_status_name(st), reason(st, img, len));

	/* write a temporary file and rename it, so a failed build leaves no image */
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp", out_path) >= sizeof(tmp))
		return err("%s: path too long", out_path);
	f = fopen(tmp, "wb");
	if (!f)
		return err("%s: %s", tmp, strerror(errno));
	if (fwrite(img, 1, len, f) != len || fclose(f)) {
		remove(tmp);
		return err("%s: write failed", tmp);
	}
	if (rename(tmp, out_path)) {
		remove(tmp);
		return err("%s: %s", out_path, strerror(errno));
	}
	printf("%s: %zu bytes, fw_version %u.%u.%u, name %s\n", out_path, len, fi.version >> 16,
	       (fi.version >> 8) & 0xff, fi.version & 0xff, fi.name);
	return 0;
}

static int cmd_check(const char *path)
{
	struct igm_fw_info fi;
	FILE *f = fopen(path, "rb");
	uint8_t *img;
	size_t len;
	int st;

	if (!f)
		return err("%s: %s", path, strerror(errno));
	/* one byte more than the largest image, so "too large" is detected */
	img = malloc(IDXGEN_FW_MAX_SIZE + 1);
	if (!img) {
		fclose(f);
		return err("out of memory");
	}
	len = fread(img, 1, IDXGEN_FW_MAX_SIZE + 1, f);
	if (ferror(f)) {
		fclose(f);
		free(img);
		return err("%s: read error", path);
	}
	fclose(f);
	st = igm_fw_check(img, len, NULL, 0, &fi);
	if (st != IDXGEN_FW_OK) {
		err("%s: invalid: %s: %s", path, igm_fw_status_name(st),
		    len > IDXGEN_FW_MAX_SIZE ? "image larger than 1 MiB" : reason(st, img, len));
		free(img);
		return 1;
	}
	print_info(path, len, img, &fi);
	free(img);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
			  !strcmp(argv[1], "help"))) {
		usage(stdout);
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "build"))
		return cmd_build(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "check"))
		return cmd_check(argv[2]);
	fputs("usage: idxgen-fwtool build SOURCE IMAGE\n"
	      "       idxgen-fwtool check IMAGE\n"
	      "       idxgen-fwtool --help\n",
	      stderr);
	return 2;
}
