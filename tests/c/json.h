/* A small JSON reader for the shared test vectors: enough of JSON for tests/vectors/ (objects,
 * arrays, strings with simple escapes, numbers, true, false, null). Test code only. */
#ifndef TICTACTOE_TEST_JSON_H
#define TICTACTOE_TEST_JSON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json {
    json_type type;
    double number; /* JSON_NUMBER; JSON_BOOL as 0 or 1 */
    char *string;  /* JSON_STRING */
    size_t len;    /* items of an array or object */
    struct json **items;
    char **keys; /* JSON_OBJECT */
} json;

static void json_fail(const char *what, const char *at) {
    fprintf(stderr, "json: %s near \"%.20s\"\n", what, at);
    exit(2);
}

static const char *json_skip(const char *p) {
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') p++;
    return p;
}

static json *json_new(json_type type) {
    json *node = (json *)calloc(1, sizeof(json));
    if (!node) json_fail("out of memory", "");
    node->type = type;
    return node;
}

static const char *json_parse_string(const char *p, char **out) {
    size_t cap = 16, len = 0;
    char *s = (char *)malloc(cap);
    if (!s) json_fail("out of memory", p);
    p++; /* opening quote */
    while (*p != '"') {
        char c = *p++;
        if (c == '\0') json_fail("unterminated string", p);
        if (c == '\\') {
            c = *p++;
            if (c == 'n') c = '\n';
            else if (c == 't') c = '\t';
            else if (c != '"' && c != '\\' && c != '/') json_fail("unsupported escape", p);
        }
        if (len + 1 >= cap) {
            cap *= 2;
            s = (char *)realloc(s, cap);
            if (!s) json_fail("out of memory", p);
        }
        s[len++] = c;
    }
    s[len] = '\0';
    *out = s;
    return p + 1;
}

static const char *json_parse_value(const char *p, json **out);

static void json_push(json *node, json *item, char *key) {
    node->items = (json **)realloc(node->items, (node->len + 1) * sizeof(json *));
    node->keys = (char **)realloc(node->keys, (node->len + 1) * sizeof(char *));
    if (!node->items || !node->keys) json_fail("out of memory", "");
    node->items[node->len] = item;
    node->keys[node->len] = key;
    node->len++;
}

static const char *json_parse_value(const char *p, json **out) {
    json *node;
    p = json_skip(p);
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        node = json_new(*p == '{' ? JSON_OBJECT : JSON_ARRAY);
        p = json_skip(p + 1);
        while (*p != close) {
            char *key = NULL;
            json *item;
            if (node->type == JSON_OBJECT) {
                if (*p != '"') json_fail("expected a key", p);
                p = json_skip(json_parse_string(p, &key));
                if (*p != ':') json_fail("expected ':'", p);
                p++;
            }
            p = json_skip(json_parse_value(p, &item));
            json_push(node, item, key);
            if (*p == ',') p = json_skip(p + 1);
            else if (*p != close) json_fail("expected ',' or a closing bracket", p);
        }
        p++;
    } else if (*p == '"') {
        node = json_new(JSON_STRING);
        p = json_parse_string(p, &node->string);
    } else if (strncmp(p, "true", 4) == 0 || strncmp(p, "false", 5) == 0) {
        node = json_new(JSON_BOOL);
        node->number = *p == 't';
        p += *p == 't' ? 4 : 5;
    } else if (strncmp(p, "null", 4) == 0) {
        node = json_new(JSON_NULL);
        p += 4;
    } else {
        char *end;
        node = json_new(JSON_NUMBER);
        node->number = strtod(p, &end);
        if (end == p) json_fail("unexpected character", p);
        p = end;
    }
    *out = node;
    return p;
}

/* Reads and parses a whole file; exits with status 2 on any problem. */
static json *json_load(const char *path) {
    FILE *f = fopen(path, "rb");
    long size;
    char *text;
    json *root;
    if (!f) json_fail("cannot open file", path);
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = (char *)malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) json_fail("cannot read file", path);
    text[size] = '\0';
    fclose(f);
    json_parse_value(text, &root);
    free(text);
    return root;
}

static void json_free(json *node) {
    size_t i;
    if (!node) return;
    for (i = 0; i < node->len; i++) {
        json_free(node->items[i]);
        free(node->keys[i]);
    }
    free(node->items);
    free(node->keys);
    free(node->string);
    free(node);
}

/* The member `key` of an object, or NULL. */
static json *json_get(const json *node, const char *key) {
    size_t i;
    for (i = 0; i < node->len; i++) {
        if (node->keys[i] && strcmp(node->keys[i], key) == 0) return node->items[i];
    }
    return NULL;
}

#endif
