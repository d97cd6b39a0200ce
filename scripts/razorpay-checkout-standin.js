// @ts-nocheck -- plain browser script served as-is by scripts/razorpay-double.ts at /checkout.js.
/**
 * Stand-in for Razorpay Checkout (https://checkout.razorpay.com/v1/checkout.js) that talks to
 * the local Razorpay double instead of Razorpay.
 *
 * Same contract as the real one:
 *   const rzp = new Razorpay({ key, amount, currency, name, description, order_id,
 *                              handler(response), prefill: { name, email, contact },
 *                              theme: { color }, modal: { ondismiss() }, timeout });
 *   rzp.on('payment.failed', (response) => { response.error... });
 *   rzp.open();   rzp.close();
 *
 * The dialog has three buttons: "Pay" (success: handler gets razorpay_order_id,
 * razorpay_payment_id, razorpay_signature), "Fail payment" (payment.failed callbacks get
 * { error }, the dialog stays open for a retry, as Razorpay's does) and "Close" (ondismiss).
 * `config.display.hide` (instruments to hide) is shown as data-hide (JSON); the stand-in draws no
 * payment methods, so nothing else changes. `timeout` (seconds) is shown on the dialog as data-timeout; when it runs out the dialog closes
 * as if the customer had closed it (ondismiss), since the customer can no longer use it.
 */
(function () {
  'use strict';

  // The double replaces the placeholder with its own origin when serving this file.
  var DOUBLE_URL = '__DOUBLE_URL__';
  if (!/^https?:\/\//.test(DOUBLE_URL)) {
    var current = document.currentScript;
    DOUBLE_URL = current && current.src ? new URL(current.src).origin : '';
  }

  var TITLE = 'Razorpay test checkout';
  var dialogCount = 0;

  function formatAmount(minorUnits, currency) {
    var code = currency || 'INR';
    try {
      return new Intl.NumberFormat(code === 'INR' ? 'en-IN' : 'en-US', {
        style: 'currency',
        currency: code,
      }).format(minorUnits / 100);
    } catch (e) {
      return code + ' ' + (minorUnits / 100).toFixed(2);
    }
  }

  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function postJson(path, body) {
    return fetch(DOUBLE_URL + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (res) {
      return res.json().then(function (json) {
        return { ok: res.ok, json: json };
      });
    });
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('Razorpay: options.key is required');
    this._options = options;
    this._listeners = {};
    this._root = null;
    this._returnFocusTo = null;
    this._timer = null;
  }

  /** Registers a callback; the stand-in emits 'payment.failed'. Returns this for chaining. */
  Razorpay.prototype.on = function (event, callback) {
    (this._listeners[event] = this._listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).forEach(function (callback) {
      callback(payload);
    });
  };

  /** Removes the dialog without calling modal.ondismiss (the page asked for it). */
  Razorpay.prototype.close = function () {
    if (this._timer) clearTimeout(this._timer);
    this._timer = null;
    if (!this._root) return;
    this._root.remove();
    this._root = null;
    document.removeEventListener('keydown', this._onKeydown, true);
    var target = this._returnFocusTo;
    this._returnFocusTo = null;
    if (target && target.isConnected && typeof target.focus === 'function') target.focus();
  };

  Razorpay.prototype._dismiss = function () {
    this.close();
    var modal = this._options.modal;
    if (modal && typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  /** Shows the checkout dialog; a second call while it is open does nothing. */
  Razorpay.prototype.open = function () {
    if (this._root) return;
    var self = this;
    var options = this._options;
    var themeColor = (options.theme && options.theme.color) || '#3395ff';
    var prefill = options.prefill || {};
    var titleId = 'rzp-standin-title-' + ++dialogCount;
    var detailsId = 'rzp-standin-details-' + dialogCount;

    var backdrop = el(
      'div',
      'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;' +
        'background:rgba(0,0,0,0.55);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;',
    );
    backdrop.setAttribute('data-razorpay-standin', '');
    if (typeof options.timeout === 'number') backdrop.setAttribute('data-timeout', String(options.timeout));
    // Razorpay's display config: the instruments the site hid (payment method downtime), for tests to read.
    if (options.config && options.config.display && Array.isArray(options.config.display.hide)) backdrop.setAttribute('data-hide', JSON.stringify(options.config.display.hide));

    var dialog = el(
      'div',
      'background:#fff;color:#1f2937;border-radius:12px;box-shadow:0 20px 50px rgba(0,0,0,0.35);' +
        'width:min(92vw,380px);padding:24px;box-sizing:border-box;outline:none;',
    );
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', titleId);
    dialog.setAttribute('aria-describedby', detailsId);
    dialog.tabIndex = -1;

    var title = el('h2', 'margin:0 0 4px;font-size:1.15rem;', TITLE);
    title.id = titleId;
    dialog.appendChild(title);
    if (options.name) dialog.appendChild(el('p', 'margin:0 0 12px;color:#4b5563;', options.name));

    var details = el('div', 'margin:0 0 16px;');
    details.id = detailsId;
    var amount = el('p', 'margin:0 0 8px;font-size:1.6rem;font-weight:700;');
    details.appendChild(amount);
    if (options.description) details.appendChild(el('p', 'margin:0 0 6px;', options.description));
    details.appendChild(el('p', 'margin:0 0 6px;font-size:0.85rem;color:#4b5563;', 'Order ' + options.order_id));
    if (prefill.email || prefill.contact) {
      details.appendChild(
        el(
          'p',
          'margin:0;font-size:0.85rem;color:#4b5563;',
          'Paying as ' + [prefill.name, prefill.email, prefill.contact].filter(Boolean).join(' · '),
        ),
      );
    }
    dialog.appendChild(details);

    var status = el('p', 'min-height:1.3em;margin:0 0 12px;font-size:0.9rem;color:#b91c1c;');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    dialog.appendChild(status);

    var buttonBase =
      'font:inherit;font-weight:600;border-radius:8px;padding:10px 14px;cursor:pointer;border:1px solid ';
    var row = el('div', 'display:flex;gap:8px;flex-wrap:wrap;');
    var payButton = el('button', buttonBase + themeColor + ';background:' + themeColor + ';color:#fff;flex:1;', 'Pay');
    var failButton = el('button', buttonBase + '#b91c1c;background:#fff;color:#b91c1c;', 'Fail payment');
    var closeButton = el('button', buttonBase + '#9ca3af;background:#fff;color:#1f2937;', 'Close');
    [payButton, failButton, closeButton].forEach(function (button) {
      button.type = 'button';
      row.appendChild(button);
    });
    dialog.appendChild(row);
    backdrop.appendChild(dialog);

    if (typeof options.amount === 'number') {
      amount.textContent = formatAmount(options.amount, options.currency);
    } else {
      // Razorpay lets the page omit amount when order_id is given; show the order's.
      fetch(DOUBLE_URL + '/_double/orders/' + encodeURIComponent(options.order_id))
        .then(function (res) {
          return res.json();
        })
        .then(function (json) {
          if (json.order) amount.textContent = formatAmount(json.order.amount, json.order.currency);
        })
        .catch(function () {});
    }

    var buttons = [payButton, failButton, closeButton];
    function setBusy(busy, message) {
      buttons.forEach(function (button) {
        button.disabled = busy;
      });
      dialog.setAttribute('aria-busy', busy ? 'true' : 'false');
      status.style.color = busy ? '#1f2937' : '#b91c1c';
      status.textContent = message || '';
    }

    function attempt(outcome) {
      setBusy(true, outcome === 'success' ? 'Processing payment…' : 'Failing payment…');
      return postJson('/_double/pay', {
        order_id: options.order_id,
        outcome: outcome,
        key: options.key,
        email: prefill.email,
        contact: prefill.contact,
        description: options.description,
      });
    }

    function showProblem(message) {
      setBusy(false, message);
      payButton.focus();
    }

    payButton.addEventListener('click', function () {
      attempt('success')
        .then(function (reply) {
          if (!reply.ok) return showProblem((reply.json.error && reply.json.error.description) || 'Payment error');
          self.close();
          if (typeof options.handler === 'function') options.handler(reply.json);
        })
        .catch(function (err) {
          showProblem('Could not reach the Razorpay double: ' + err.message);
        });
    });

    failButton.addEventListener('click', function () {
      attempt('failure')
        .then(function (reply) {
          if (!reply.ok) return showProblem((reply.json.error && reply.json.error.description) || 'Payment error');
          showProblem('Payment failed. You can try again or close.');
          self._emit('payment.failed', reply.json);
        })
        .catch(function (err) {
          showProblem('Could not reach the Razorpay double: ' + err.message);
        });
    });

    closeButton.addEventListener('click', function () {
      self._dismiss();
    });

    this._onKeydown = function (event) {
      if (!self._root) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        self._dismiss();
        return;
      }
      if (event.key !== 'Tab') return;
      // Keep focus inside the modal, as a real modal dialog must.
      var enabled = buttons.filter(function (button) {
        return !button.disabled;
      });
      if (enabled.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      var first = enabled[0];
      var last = enabled[enabled.length - 1];
      var active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active) || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', this._onKeydown, true);

    this._returnFocusTo = document.activeElement;
    this._root = backdrop;
    document.body.appendChild(backdrop);
    payButton.focus();
    if (typeof options.timeout === 'number' && options.timeout > 0) {
      this._timer = setTimeout(function () {
        self._dismiss();
      }, options.timeout * 1000);
    }
  };

  window.Razorpay = Razorpay;
})();
