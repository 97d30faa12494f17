/* The floors the Python benchmark (bench_moves.py, which builds this file) holds the package to:
 *
 * - Floor(n).move(row, col, player): what a method call from Python costs at the least, a
 *   hand-written C-API method taking three ints with METH_FASTCALL that converts them and does
 *   nothing else; Floor(n) is a do-nothing object, so that game creation is counted too.
 * - native_moves(n, moves): the native move loop, a new game played through libtictactoe's C ABI
 *   from C over a (k, 3) int64 numpy array, the floor of TicTacToe.move_many.
 *
 * The full C API, not the limited one: the floor is the fastest a method call can be. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "tictactoe.h"

typedef struct {
    PyObject_HEAD
    Py_ssize_t n;
} Floor;

static int floor_init(Floor *self, PyObject *args, PyObject *kwargs) {
    (void)kwargs;
    return PyArg_ParseTuple(args, "n", &self->n) ? 0 : -1;
}

static PyObject *floor_move(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Py_ssize_t row, col, player;
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "move takes row, col and player");
        return NULL;
    }
    row = PyLong_AsSsize_t(args[0]);
    col = PyLong_AsSsize_t(args[1]);
    player = PyLong_AsSsize_t(args[2]);
    if ((row == -1 || col == -1 || player == -1) && PyErr_Occurred()) return NULL;
    return PyLong_FromLong(0);
}

static PyMethodDef floor_methods[] = {
    {"move", (PyCFunction)(void (*)(void))floor_move, METH_FASTCALL, "Converts three ints, does nothing."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject FloorType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_floor.Floor",
    .tp_basicsize = sizeof(Floor),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)floor_init,
    .tp_methods = floor_methods,
};

/* native_moves(n, moves): plays the rows (row, col, player) of a C-contiguous (k, 3) int64
 * buffer on a new game through the C ABI; returns the winner. */
static PyObject *native_moves(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    Py_buffer view;
    const int64_t *moves;
    Py_ssize_t i, rows;
    tictactoe_game *game;
    uint32_t winner = 0;
    long n;
    (void)module;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "native_moves takes n and moves");
        return NULL;
    }
    n = PyLong_AsLong(args[0]);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (PyObject_GetBuffer(args[1], &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_ND) != 0) return NULL;
    if (view.ndim != 2 || view.shape[1] != 3 || view.itemsize != 8) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_TypeError, "moves must be a C-contiguous (k, 3) int64 array");
        return NULL;
    }
    moves = (const int64_t *)view.buf;
    rows = view.shape[0];
    if (tictactoe_game_new((uint32_t)n, &game) != TICTACTOE_RESULT_OK) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    for (i = 0; i < rows; i++) {
        if (tictactoe_game_move(game, (uint32_t)moves[3 * i], (uint32_t)moves[3 * i + 1], (uint32_t)moves[3 * i + 2],
                                &winner) != TICTACTOE_RESULT_OK)
            break;
    }
    tictactoe_game_free(game);
    PyBuffer_Release(&view);
    if (i < rows) {
        PyErr_SetString(PyExc_ValueError, "a move was refused");
        return NULL;
    }
    return PyLong_FromUnsignedLong(winner);
}

static PyMethodDef module_methods[] = {
    {"native_moves", (PyCFunction)(void (*)(void))native_moves, METH_FASTCALL, "The native move loop."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef floor_module = {PyModuleDef_HEAD_INIT, "_floor", NULL, -1, module_methods,
                                          NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__floor(void) {
    PyObject *module;
    if (PyType_Ready(&FloorType) < 0) return NULL;
    module = PyModule_Create(&floor_module);
    if (!module) return NULL;
    Py_INCREF(&FloorType);
    if (PyModule_AddObject(module, "Floor", (PyObject *)&FloorType) < 0) {
        Py_DECREF(&FloorType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
