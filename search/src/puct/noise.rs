//! The draws a search makes from its seed: Dirichlet noise for the root's priors (AlphaZero's
//! exploration at the root), and moves in proportion to visits under a temperature.

use tictactoe_core::random;

/// A uniform draw in (0, 1), never 0 (a logarithm's argument).
pub(crate) fn uniform(state: &mut u64) -> f64 {
    // 53 bits, plus half a unit so that 0 is never drawn.
    ((random::next(state) >> 11) as f64 + 0.5) / (1u64 << 53) as f64
}

/// A standard normal draw (Marsaglia's polar method: no cosine, a logarithm and a square
/// root a draw).
fn normal(state: &mut u64) -> f64 {
    loop {
        let (u, v) = (2.0 * uniform(state) - 1.0, 2.0 * uniform(state) - 1.0);
        let s = u * u + v * v;
        if s < 1.0 {
            return u * libm::sqrt(-2.0 * libm::log(s) / s);
        }
    }
}

/// A Gamma(`shape`, 1) draw, `shape` > 0 (Marsaglia and Tsang, with their squeeze that spares
/// the logarithms of most draws; below 1 by boosting to `shape + 1` and scaling by
/// U^(1 / shape)).
fn gamma(shape: f64, state: &mut u64) -> f64 {
    if shape < 1.0 {
        let boost = libm::exp(libm::log(uniform(state)) / shape);
        return gamma(shape + 1.0, state) * boost;
    }
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / libm::sqrt(9.0 * d);
    loop {
        let x = normal(state);
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u = uniform(state);
        let x2 = x * x;
        if u < 1.0 - 0.0331 * x2 * x2 || libm::log(u) < 0.5 * x2 + d - d * v + d * libm::log(v) {
            return d * v;
        }
    }
}

/// Fills `out` with a Dirichlet(`alpha`, ..., `alpha`) draw: positive, summing to 1.
pub(crate) fn dirichlet(alpha: f64, state: &mut u64, out: &mut [f64]) {
    let mut total = 0.0;
    for x in out.iter_mut() {
        *x = gamma(alpha, state);
        total += *x;
    }
    if total <= 0.0 {
        // Every draw underflowed (a tiny alpha): all the weight on one, drawn uniformly.
        out.fill(0.0);
        let chosen = random::below(state, out.len() as u64) as usize;
        out[chosen] = 1.0;
        return;
    }
    for x in out.iter_mut() {
        *x /= total;
    }
}

/// The index drawn from `visits` under `temperature`: in proportion to visits^(1 / T), or at
/// T = 0 the most visited (ties to the lowest index). `None` when there is nothing to draw
/// (no visits).
pub(crate) fn choose(visits: &[u32], temperature: f64, state: &mut u64) -> Option<usize> {
    let most = visits.iter().copied().max().filter(|&most| most > 0)?;
    if temperature == 0.0 {
        return visits.iter().position(|&v| v == most);
    }
    // Scaled by the most visited, so that a small temperature does not overflow.
    let weight = |v: u32| libm::pow(f64::from(v) / f64::from(most), 1.0 / temperature);
    let total: f64 = visits.iter().map(|&v| weight(v)).sum();
    let mut left = uniform(state) * total;
    for (i, &v) in visits.iter().enumerate() {
        left -= weight(v);
        if left < 0.0 && v > 0 {
            return Some(i);
        }
    }
    visits.iter().rposition(|&v| v > 0)
}

#[cfg(test)]
mod tests {
    use super::{choose, dirichlet};

    /// A Dirichlet draw sums to 1, and its mean share is even (1 / len) over many draws.
    #[test]
    fn dirichlet_draws_sum_to_one_and_spread_evenly() {
        let mut state = 5;
        let mut sums = [0.0; 4];
        for _ in 0..4000 {
            let mut out = [0.0; 4];
            dirichlet(0.3, &mut state, &mut out);
            assert!((out.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!(out.iter().all(|&x| x >= 0.0));
            for (sum, x) in sums.iter_mut().zip(out) {
                *sum += x;
            }
        }
        for sum in sums {
            assert!((sum / 4000.0 - 0.25).abs() < 0.03, "{sums:?}");
        }
    }

    /// Temperature 0 takes the most visited (the lowest on a tie); temperature 1 draws in
    /// proportion to visits; nothing is drawn from no visits.
    #[test]
    fn moves_are_drawn_in_proportion_to_visits() {
        let mut state = 9;
        assert_eq!(choose(&[3, 7, 7, 0], 0.0, &mut state), Some(1));
        assert_eq!(choose(&[0, 0], 1.0, &mut state), None);
        let mut counts = [0; 3];
        for _ in 0..10_000 {
            counts[choose(&[1, 0, 3], 1.0, &mut state).unwrap()] += 1;
        }
        assert_eq!(counts[1], 0);
        assert!((counts[2] as f64 / 10_000.0 - 0.75).abs() < 0.02, "{counts:?}");
    }
}
