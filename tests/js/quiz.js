/* A quiz as shown: its options' outputs, which are marked right or wrong, which has the
 * focus, and the feedback line (its class, text and role). */
checks.quizState = box => {
  const feedback = box.querySelector('.quiz__feedback');
  return {
    outputs: [...box.querySelectorAll('.quiz__output')].map(e => e.textContent),
    marked: [...box.querySelectorAll('.quiz__option')].map(e => e.className.replace('quiz__option', '').trim()),
    focused: document.activeElement.value,
    feedback: [feedback.className, feedback.textContent],
    role: feedback.getAttribute('role'),
  };
};

/* Answer quizzes 2, 3, ... as their radio buttons' own click does (focus, then click), one
 * plan [n, wrong, right] each: the state after the wrong option, then after the right one. */
checks.answerQuizzes = plans => plans.map(([n, wrong, right]) => {
  const box = document.getElementById('quiz-' + n), inputs = box.querySelectorAll('input');
  return [wrong, right].map(k => (inputs[k].focus(), inputs[k].click(), checks.quizState(box)));
});
