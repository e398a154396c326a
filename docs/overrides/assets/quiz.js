/* "Predict the output" questions (made by docs/hooks/quizzes.py): when a reader picks an
 * option, say at once whether it is right and why, with the explanation the page already
 * holds in its collapsed answer. The status line is announced by screen readers. Nothing
 * is stored or sent anywhere. Without JavaScript the radio buttons stay and the answer
 * is one click away in the <details> element.
 */
(function () {
  "use strict";

  function answer(quiz, input) {
    var picked = input.value;
    var right = picked === quiz.dataset.answer;
    quiz.querySelectorAll(".quiz__option").forEach(function (label) {
      var mine = label.querySelector("input").value === picked;
      label.classList.toggle("is-right", mine && right);
      label.classList.toggle("is-wrong", mine && !right);
    });
    // The explanation's first paragraph; the wrong model's code stays in the answer below.
    var explanation = quiz.querySelector('.quiz__explanation[data-option="' + picked + '"] p');
    var feedback = quiz.querySelector(".quiz__feedback");
    feedback.innerHTML = explanation.innerHTML;
    feedback.classList.toggle("is-right", right);
    feedback.classList.toggle("is-wrong", !right);
  }

  document.addEventListener("change", function (event) {
    var quiz = event.target.closest && event.target.closest(".quiz");
    if (quiz && event.target.type === "radio") answer(quiz, event.target);
  });
})();
